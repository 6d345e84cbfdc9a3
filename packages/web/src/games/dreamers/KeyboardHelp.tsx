import { useTranslation } from "react-i18next";
import { KeyboardHelp as TableKeyboardHelp } from "../../components/KeyboardHelp";
import { REGION_KEYS, REGIONS } from "./shortcuts";

/** Dreamers' keyboard help: the keys to each region, and how moves are made by keyboard. */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const regions = REGIONS.map((region) => ({
    key: REGION_KEYS[region],
    label: t(`dreamers.shortcuts.region_${region}`),
  }));
  return (
    <TableKeyboardHelp open={open} onClose={onClose} regions={regions}>
      <h3>{t("dreamers.shortcuts.movesHeading")}</h3>
      <dl className="keys">
        <div>
          <dt>
            <kbd>Tab</kbd> <kbd>Shift</kbd> + <kbd>Tab</kbd>
          </dt>
          <dd>{t("dreamers.shortcuts.tab")}</dd>
        </div>
        <div>
          <dt>
            <kbd>Enter</kbd> <kbd>Space</kbd>
          </dt>
          <dd>{t("dreamers.shortcuts.press")}</dd>
        </div>
      </dl>
      <p>{t("dreamers.shortcuts.afterMove")}</p>
    </TableKeyboardHelp>
  );
}
