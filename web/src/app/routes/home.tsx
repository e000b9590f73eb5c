/**
 * /home (000 §2): the marketing page with a 'why' section and the schedule-demo form; `?to=about`
 * or `?to=demo` scrolls to that section. Public: no session needed; its footer's contact button
 * opens the bug report.
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SiteFooter } from '../layouts/site-footer';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { DemoForm } from '../../features/public-forms/components/demo-form';
import './home.css';

const REASONS = [
  { title: 'Every retailer, every scan', text: 'Robots visit each authorised retailer website on a schedule and collect how your products are shown: names, prices, images and the brand page.' },
  { title: 'Errors found for you', text: 'Each scan is compared with the one before. New, removed and changed products stand out, and wrong prices or old logos are one flag away.' },
  { title: 'Against your own inventory', text: 'See the products each retailer shows next to what they hold on hand, and spot what is missing from their website.' },
  { title: 'Retailers told, history kept', text: 'Email a retailer’s contacts from the product itself, with canned messages and screenshots, and keep every email and export in one place.' },
];

const SECTIONS = ['about', 'demo'] as const;

export function HomeRoute() {
  const [params] = useSearchParams();
  const to = params.get('to');
  useEffect(() => {
    if (!to || !(SECTIONS as readonly string[]).includes(to)) return;
    // The router restores a reloaded entry's scroll position, and the page's height can still
    // change as the form's captcha and the fonts arrive: keep the section at the top while the
    // layout settles (about a second), unless the reader scrolls first.
    let stopped = false;
    const scroll = () => {
      const el = document.getElementById(to);
      if (stopped || !el) return;
      if (Math.abs(el.getBoundingClientRect().top) > 2) el.scrollIntoView({ block: 'start' });
    };
    const stop = () => {
      stopped = true;
    };
    const input = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    input.forEach((e) => window.addEventListener(e, stop, { passive: true }));
    const timers = [60, 250, 600, 1200].map((ms) => window.setTimeout(scroll, ms));
    const first = window.setTimeout(() => document.getElementById(to)?.focus({ preventScroll: true }), 60);
    return () => {
      stopped = true;
      [...timers, first].forEach((id) => window.clearTimeout(id));
      input.forEach((e) => window.removeEventListener(e, stop));
    };
  }, [to]);

  return (
    <div className="home">
      <header className="home__bar">
        <Logo className="logo--light" />
        <nav className="home__nav" aria-label="Main">
          <Link className="home__nav-link" to={`${paths.home}?to=about`}>
            Why us
          </Link>
          <Link className="home__nav-link" to={`${paths.home}?to=demo`}>
            Request a demo
          </Link>
          <Link className="btn btn--outline btn--sm home__login" to={paths.login}>
            Log in
          </Link>
        </nav>
      </header>
      <main id="main">
        <section className="home__hero" aria-labelledby="home-title">
          <p className="home__eyebrow">Brand protection for luxury houses</p>
          <h1 id="home-title" className="home__title">
            See your brand the way shoppers see it, on every retailer website.
          </h1>
          <p className="home__lead">Retailer Audit scans your authorised retailers’ websites, shows what changed and what is wrong, and helps you get it fixed.</p>
          <Link className="btn btn--primary btn--lg home__cta" to={`${paths.home}?to=demo`}>
            Schedule a demo
          </Link>
        </section>
        <section id="about" className="home__section home__why" tabIndex={-1} aria-labelledby="about-title">
          <h2 id="about-title" className="home__section-title">
            Why Retailer Audit
          </h2>
          <ul className="home__reasons">
            {REASONS.map((r) => (
              <li key={r.title} className="home__reason">
                <h3 className="home__reason-title">{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section id="demo" className="home__section home__demo" tabIndex={-1} aria-labelledby="demo-title">
          <div className="home__demo-intro">
            <h2 id="demo-title" className="home__section-title">
              Schedule a demo
            </h2>
            <p>Tell us about your brand and we will show you your own retailers in the dashboard. We answer within one business day.</p>
          </div>
          <div className="home__demo-card">
            <DemoForm />
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
