/** Literal texts of the public pages: the demo request and the bug report (000 §5, §7; the spec's where it has one). */
export const PUBLIC_MSG = {
  /** 000 §7 POST /scheduledemos toast. */
  demoSent: 'Email sent successfully',
  /** 000 §7 POST /contact_us toast. */
  bugReportSent: 'Form submitted successfully.',
  /** 000 §5 demo form. */
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  required: 'Required',
  invalidEmail: 'Please enter valid email',
  invalidUrl: 'Please enter valid URL',
  captchaRequired: 'Please complete the captcha.',
  captchaWrong: 'The captcha answer is wrong: please try the new one.',
  captchaExpired: 'The captcha has expired: please try the new one.',
  captchaUsed: 'This captcha was already used: please try the new one.',
  captchaUnavailable: 'The captcha could not be checked: please try again in a moment.',
  inProgress: 'This request is already being sent.',
  requestIdReused: 'This request id was already used for another request.',
  throttled: 'Too many requests: please try again later.',
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  messageRequired: 'Message is required.',
  headerInjection: 'Line breaks are not allowed here.',
  tooManyFiles: (max: number) => `At most ${max} files per report.`,
  fileTooLarge: (name: string, mb: number) => `${name} is too large: each file must be at most ${mb} MB.`,
  filesTooLarge: (mb: number) => `The files are too large: at most ${mb} MB in all.`,
  fileType: (name: string) => `${name} is not an accepted file: only PNG, JPEG, GIF, WebP images and PDF documents can be attached.`,
  requestIdRequired: 'requestId is required.',
} as const;
