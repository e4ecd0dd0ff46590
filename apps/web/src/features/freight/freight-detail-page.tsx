import { useMemo } from 'react';
import { Button, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import { FREIGHT_METHOD, FREIGHT_PLUGIN_TYPE, freightEndpoints } from '@partsportal/contract/freight';
import { useEndpointQuery } from '@shared/api/server-state';
import { useRouteSearchParams } from '@shared/hooks/use-route-search-params';
import { parseDetailQuery } from './freight-form';
import { useFormatMoney } from '@shared/format/use-format-money';
import { MissingState } from '@shared/ui/missing-state';

const PATH = '/proCFreight/ProCFreightDetail';

/**
 * One freight view's breakdown. The URL carries the query (items, areas, carrier, mode) rather
 * than the figures, so a reload or a shared link recomputes with current rates.
 */
export default function FreightDetailPage() {
  const { t } = useTranslation();
  const { money: formatAmount } = useFormatMoney();
  const navigate = useNavigate();
  const [params] = useRouteSearchParams(PATH);
  const query = useMemo(() => parseDetailQuery(params), [params]);
  const views = useEndpointQuery(
    freightEndpoints.commonPost,
    {
      type: FREIGHT_PLUGIN_TYPE,
      m: FREIGHT_METHOD,
      data: JSON.stringify({
        items: query?.items ?? [],
        fromAreaId: query?.fromAreaId,
        toAreaId: query?.toAreaId,
      }),
    },
    { enabled: query !== null },
  );
  const view = views.data?.find((v) => v.carrier === query?.carrier && v.mode === query.mode);

  const back = <Button onClick={() => void navigate('/proCFreight/index')}>{t('freight.back')}</Button>;
  let body;
  if (!query || (views.data && !view && !views.isFetching) || views.isError) {
    body = <MissingState title={t('freight.viewGone')} extra={back} />;
  } else if (!view) {
    body = <Skeleton active />;
  } else {
    const kg = (value: string) => `${value} kg`;
    const money = (value: string) => formatAmount(value, view.currency);
    body = (
      <>
        <Descriptions bordered column={{ xs: 1, sm: 2 }} size="small" className="freight-breakdown">
          <Descriptions.Item label={t('freight.carrier')}>{view.carrier}</Descriptions.Item>
          <Descriptions.Item label={t('freight.mode')}>
            {t(`freight.modes.${view.mode}`, { defaultValue: view.mode })}
          </Descriptions.Item>
          <Descriptions.Item label={t('freight.route')}>{`${view.from} → ${view.to}`}</Descriptions.Item>
          <Descriptions.Item label={t('freight.transitDays')}>
            {t('freight.days', { min: view.transit_days_min, max: view.transit_days_max })}
          </Descriptions.Item>
          <Descriptions.Item label={t('freight.weight')}>{kg(view.weight_kg)}</Descriptions.Item>
          <Descriptions.Item label={t('freight.volumetric')}>{kg(view.volumetric_kg)}</Descriptions.Item>
          <Descriptions.Item label={t('freight.chargeable')}>{kg(view.chargeable_kg)}</Descriptions.Item>
          <Descriptions.Item label={t('freight.firstWeight')}>
            {`${kg(view.first_weight_kg)} · ${money(view.first_price)}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('freight.additionalWeight')}>
            {`${kg(view.additional_weight_kg)} · ${money(view.additional_price)}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('freight.minimumCharge')}>
            {money(view.minimum_charge)}
          </Descriptions.Item>
          <Descriptions.Item label={t('catalog.price')}>
            <strong className="freight-price">{money(view.price)}</strong>
          </Descriptions.Item>
        </Descriptions>
        <div className="detail-card">{back}</div>
      </>
    );
  }
  return (
    <section className="page freight-detail" aria-labelledby="freight-detail-title">
      <h1 id="freight-detail-title" className="page-title">
        {t('route.freightDetail')}
        {view ? ` · ${view.carrier}` : ''}
      </h1>
      {body}
    </section>
  );
}
