import { useTranslation } from "react-i18next";
import { KeyboardHelp as TableKeyboardHelp } from "../../components/KeyboardHelp";
import { REGION_KEYS, REGIONS } from "./shortcuts";

/** Dreams' keyboard help: the keys to each region, and the firmament's keys. */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const regions = REGIONS.map((region) => ({
    key: REGION_KEYS[region],
    label: t(`dreams.shortcuts.region_${region}`),
  }));
  return (
    <TableKeyboardHelp open={open} onClose={onClose} regions={regions}>
      <h3>{t("dreams.shortcuts.firmamentHeading")}</h3>
      <dl className="keys">
        <div>
          <dt>
            <kbd>←</kbd> <kbd>↑</kbd> <kbd>→</kbd> <kbd>↓</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.arrows")}</dd>
        </div>
        <div>
          <dt>
            <kbd>Shift</kbd> + <kbd>←</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.fine")}</dd>
        </div>
        <div>
          <dt>
            <kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.kinds")}</dd>
        </div>
        <div>
          <dt>
            <kbd>Enter</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.enter")}</dd>
        </div>
        <div>
          <dt>
            <kbd>Esc</kbd>
          </dt>
          <dd>{t("dreams.shortcuts.escape")}</dd>
        </div>
      </dl>
    </TableKeyboardHelp>
  );
}
