import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CargoState } from '@partsportal/contract/records';

/** Colours follow the parcel's progress; returned parcels stand out. */
const COLOURS: Record<CargoState, string> = {
  pending: 'default',
  shipped: 'processing',
  in_transit: 'blue',
  // antd's green tag text is below WCAG AA on its background: styled in styles.css instead.
  signed: 'default',
  returned: 'error',
};

export function CargoStateTag({ state }: { state: CargoState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[state]} className={`cargo-state cargo-${state}`}>
      {t(`cargoState.${state}`)}
    </Tag>
  );
}
