/** The part of `qrcode` (no types of its own) the two-step sign-in setup uses: a QR code drawn as SVG text. */
declare module 'qrcode' {
  export interface QRCodeToStringOptions {
    type?: 'svg' | 'utf8' | 'terminal';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    width?: number;
  }
  export function toString(text: string, options?: QRCodeToStringOptions): Promise<string>;
}
