import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { encode } from "uqr";
import { api } from "../api";

/** Copies text; falls back to a hidden selection where the async clipboard is unavailable (plain http). */
async function copy(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const done = document.execCommand("copy");
  area.remove();
  return done;
}

const onThisMachine = () => /^(localhost|127\.|\[::1\])/.test(window.location.hostname);

/** Origins other devices can use, when this page was opened on the server's own machine as localhost. */
function useNetworkOrigins(): string[] {
  const [origins, setOrigins] = useState<string[]>([]);
  useEffect(() => {
    if (!onThisMachine()) return;
    let live = true;
    api.network().then(
      (answer) => live && setOrigins(answer.origins),
      () => undefined, // an older server or no network: the hint below still explains what to do
    );
    return () => {
      live = false;
    };
  }, []);
  return origins;
}

function LinkRow(props: { link: string; label: string; copyText: string; copyLabel?: string }) {
  const { link, label, copyText, copyLabel } = props;
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="invite-row">
      <input type="text" readOnly value={link} aria-label={label} onFocus={(e) => e.target.select()} />
      <button type="button" aria-label={copyLabel} onClick={() => void copy(link).then(setCopied)}>
        {copied ? t("lobby.copied") : copyText}
      </button>
    </div>
  );
}

/** A QR code drawn as one SVG path, so a phone's camera opens the invite. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  const size = data.length;
  return (
    <svg
      className="qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The invite: link and code to share, a link for the local network when opened as localhost, a QR code. */
export function Invite({ code }: { code: string }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}/t/${code}`;
  const local = onThisMachine();
  const network = useNetworkOrigins().map((origin) => `${origin}/t/${code}`);
  const forPhones = local ? network[0] : link;
  return (
    <>
      <p>{t("lobby.share", { code })}</p>
      <LinkRow link={link} label={t("lobby.invite")} copyText={t("lobby.copy")} />
      {local && network.length === 0 && <p className="muted">{t("lobby.localhostHint")}</p>}
      {network.length > 0 && <p className="muted">{t("lobby.networkHint")}</p>}
      {network.map((other) => (
        <LinkRow
          key={other}
          link={other}
          label={network.length === 1 ? t("lobby.networkInvite") : `${t("lobby.networkInvite")} ${other}`}
          copyText={t("lobby.copyNetwork")}
          {...(network.length > 1 && { copyLabel: `${t("lobby.copyNetwork")} ${other}` })}
        />
      ))}
      <div className="invite-codes">
        <p className="code-big" aria-hidden="true">
          {code}
        </p>
        {forPhones && <QrCode text={forPhones} label={t("lobby.qr", { link: forPhones })} />}
      </div>
    </>
  );
}
