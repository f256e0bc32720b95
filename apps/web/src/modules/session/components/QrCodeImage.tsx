import type { QrCodeResponse } from '@coderoom/contracts';

/** The authenticator QR code, with the key spelled out for apps that cannot scan. */
export function QrCodeImage({ qrCode }: { qrCode: QrCodeResponse }) {
  return (
    <div className="qr">
      <img src={qrCode.qr_code} width={200} height={200} alt="QR code for your authenticator app" />
      <p className="muted small">
        Can't scan? Enter this key: <code>{qrCode.secret}</code>
      </p>
    </div>
  );
}
