import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * The pairing fields as a QR code, drawn as one SVG path from the code's modules (no HTML
 * injected). A chunk of its own with the QR encoder, loaded when a pairing screen opens, so no
 * screen's first load carries it.
 */
export default function PairingQr({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
    let d = '';
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) d += `M${x} ${y}h1v1h-1z`;
    }
    return { size: modules.size, path: d };
  }, [text]);
  const quiet = 2;
  return (
    <svg role="img" aria-label={label} viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`} className="size-48 shrink-0 rounded-lg bg-white" shapeRendering="crispEdges">
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
