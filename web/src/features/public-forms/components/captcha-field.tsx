/**
 * The demo form's captcha (docs/decisions.md "Captcha"): the local question issued by the API
 * (works offline), or Google's reCAPTCHA checkbox when the API names a site key (AWS, when
 * configured). Google's script is loaded only then, never locally.
 */
import { useEffect, useId, useRef } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { CaptchaChallenge } from '@shared/schemas/public';
import { Spinner } from '../../../components/ui/spinner';

interface Grecaptcha {
  render(el: HTMLElement, opts: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }): number;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onRecaptchaLoaded?: () => void;
  }
}

let loading: Promise<Grecaptcha> | undefined;
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise((resolve, reject) => {
    window.onRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('reCAPTCHA did not load')));
    const s = document.createElement('script');
    s.src = 'https://www.google.com/recaptcha/api.js?onload=onRecaptchaLoaded&render=explicit';
    s.async = true;
    s.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(s);
  });
  return loading;
}

function Recaptcha({ siteKey, onToken, generation }: { siteKey: string; onToken: (t: string) => void; generation: number }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | undefined>(undefined);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);
  useEffect(() => {
    let live = true;
    void loadRecaptcha().then((g) => {
      if (!live || !box.current) return;
      if (widget.current === undefined) {
        widget.current = g.render(box.current, { sitekey: siteKey, callback: (t) => onTokenRef.current(t), 'expired-callback': () => onTokenRef.current('') });
      } else g.reset(widget.current);
    });
    return () => {
      live = false;
    };
  }, [siteKey, generation]);
  return <div ref={box} className="captcha__widget" />;
}

export interface CaptchaFieldProps {
  challenge: CaptchaChallenge | undefined;
  /** The answer field (`recaptcha`, 000 §3) of the form. */
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** reCAPTCHA: its response token goes into the answer field. */
  onToken: (token: string) => void;
  /** Changes after every attempt: the widget is reset. */
  generation: number;
}

export function CaptchaField({ challenge, registration, error, onToken, generation }: CaptchaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  if (!challenge) {
    return (
      <div className="field captcha">
        <Spinner label="Loading the captcha" />
      </div>
    );
  }
  return (
    <div className={`field captcha${error ? ' field--invalid' : ''}`}>
      {challenge.provider === 'local' ? (
        <>
          <label className="field__label" htmlFor={id}>
            Captcha: {challenge.question}
          </label>
          <input
            id={id}
            className="field__input captcha__answer"
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `${id}-hint`}
            {...registration}
          />
          {!error ? (
            <p id={`${id}-hint`} className="field__hint">
              Answer the question to show you are not a robot.
            </p>
          ) : null}
        </>
      ) : (
        <>
          <span className="field__label">Captcha</span>
          <input type="hidden" {...registration} />
          <Recaptcha siteKey={challenge.siteKey} onToken={onToken} generation={generation} />
        </>
      )}
      {error?.message ? (
        <p id={errorId} className="field__error" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
