// The otpauth URL as a QR code an authenticator app scans: an SVG drawn by uqr, shown as an image (the CSP allows data:
// images) with a text alternative; the secret beside it is the same thing in readable text.
import { useMemo } from 'react';
import { renderSVG } from 'uqr';

export interface QrCodeImageProps {
  value: string;
  alt: string;
  /** CSS pixels; the SVG scales without blur */
  size?: number;
}

export function QrCodeImage({ value, alt, size = 192 }: QrCodeImageProps) {
  // Error correction M: a screen photographed at an angle still reads. The quiet zone is part of the image.
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(value, { ecc: 'M', border: 2 }))}`, [value]);
  return (
    <img src={src} alt={alt} width={size} height={size} style={{ display: 'block', imageRendering: 'pixelated', background: '#fff' }} />
  );
}
