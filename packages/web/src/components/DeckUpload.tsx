import type { CustomDeckResponse } from "@firmament/protocol";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UploadError, uploadDeck } from "../api";
import { codeText } from "../errorText";
import { checkSelection, UPLOAD, type UploadProblem } from "../uploadChecks";

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "processing" }
  | { kind: "ready"; deck: CustomDeckResponse }
  | { kind: "failed"; problem: UploadProblem; message: string };

/**
 * "Your own pictures": pick 8–100 pictures, which are checked here, uploaded with a progress bar and
 * turned into a deck by the server; then a preview of the cards. `onDeck` hears the deck's id once it
 * is stored (null while there is none).
 */
export function DeckUpload({ onDeck }: { onDeck: (deckId: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const ids = { files: useId(), hint: useId(), name: useId() };
  const [name, setName] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function choose(list: FileList | null) {
    abort.current?.abort();
    onDeck(null);
    const files = list ? [...list] : [];
    if (files.length === 0) return setPhase({ kind: "idle" });
    const problem = checkSelection(files);
    if (problem) return setPhase({ kind: "failed", problem, message: problem.code });
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: "uploading", percent: 0 });
    try {
      const deck = await uploadDeck(
        files,
        name,
        ({ sent, total }) => {
          if (controller.signal.aborted) return;
          if (total > 0 && sent >= total) setPhase({ kind: "processing" });
          else setPhase({ kind: "uploading", percent: total > 0 ? Math.floor((sent / total) * 100) : 0 });
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setPhase({ kind: "ready", deck });
      onDeck(deck.id);
    } catch (e) {
      if (controller.signal.aborted) return;
      const error = e instanceof UploadError ? e : new UploadError("generic", String(e), 0, null);
      setPhase({
        kind: "failed",
        problem: { code: error.code, file: error.file },
        message: error.message,
      });
    }
  }

  const busy = phase.kind === "uploading" || phase.kind === "processing";
  return (
    <div className="deck-upload">
      <label className="field" htmlFor={ids.name}>
        <span>{t("landing.deckName")}</span>
        <input
          id={ids.name}
          type="text"
          maxLength={UPLOAD.nameMax}
          value={name}
          disabled={busy}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="field" htmlFor={ids.files}>
        <span>{t("landing.pictures")}</span>
        <input
          id={ids.files}
          type="file"
          multiple
          accept={UPLOAD.accept}
          aria-describedby={ids.hint}
          disabled={busy}
          onChange={(e) => void choose(e.target.files)}
        />
      </label>
      <p id={ids.hint} className="muted">
        {t("landing.picturesHint")}
      </p>
      {phase.kind === "uploading" && (
        <p className="upload-progress">
          <progress max={100} value={phase.percent} aria-label={t("landing.uploadProgress")} />{" "}
          <span role="status">{t("landing.uploading", { percent: phase.percent })}</span>
        </p>
      )}
      {phase.kind === "processing" && (
        <p className="upload-progress">
          <progress aria-label={t("landing.uploadProgress")} />{" "}
          <span role="status">{t("landing.preparing")}</span>
        </p>
      )}
      {phase.kind === "failed" && (
        <p className="error" role="alert">
          {codeText(phase.problem.code, phase.message, t, { file: phase.problem.file ?? "" })}
        </p>
      )}
      {phase.kind === "ready" && (
        <>
          <p role="status">{t("landing.deckReady", { count: phase.deck.cards.length })}</p>
          <ul className="deck-preview" aria-label={t("landing.preview")}>
            {phase.deck.cards.map((card) => (
              <li key={card.id}>
                <img
                  src={card.thumb ?? card.image}
                  alt={card.alt[i18n.language] ?? card.alt.en ?? ""}
                  width={80}
                  height={120}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
