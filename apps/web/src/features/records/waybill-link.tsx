import { useTranslation } from 'react-i18next';

/**
 * A waybill number, linked to the carrier's tracking page when the carrier has one (issue 17
 * item 16). The page is the carrier's, so it opens in a new tab without this page as its opener.
 */
export function WaybillLink({ no, url }: { no: string; url: string | null }) {
  const { t } = useTranslation();
  if (!no) return <>—</>;
  if (!url) return <span className="logistics-no">{no}</span>;
  return (
    <a
      className="logistics-no"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={t('orders.trackWaybill', { no })}
    >
      {no}
    </a>
  );
}
