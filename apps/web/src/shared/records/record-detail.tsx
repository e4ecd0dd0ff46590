import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@shared/hooks/use-navigate';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Endpoint } from '@partsportal/contract/endpoint';
import { prefetchEndpoint, useEndpointQuery } from '../api/server-state';
import { useRouteSearchParams } from '../hooks/use-route-search-params';
import { positiveInt } from './list-query';

/**
 * A record detail page's data: the `?id=` of its (kept-alive) tab and the record loaded for it
 * from `endpoint` (path parameter `{id}`). `record` is only the answer for this id: the previous
 * record stays visible as placeholder while another id loads, and must never show under the new one.
 */
export function useRecordDetail<E extends Endpoint>(
  path: string,
  endpoint: E,
  idOf: (record: z.output<E['data']>) => number,
): {
  id: number | undefined;
  detail: UseQueryResult<z.output<E['data']>>;
  record: z.output<E['data']> | undefined;
} {
  const [params] = useRouteSearchParams(path);
  const id = positiveInt(params.get('id'));
  const detail = useEndpointQuery(endpoint, {} as z.input<E['body']>, {
    params: { id: id ?? 0 },
    enabled: id !== undefined,
  });
  const record = detail.data !== undefined && idOf(detail.data) === id ? detail.data : undefined;
  return { id, detail, record };
}

/** Starts loading a record's detail when its link is hovered (the detail page then finds it). */
export function prefetchRecord(endpoint: Endpoint, id: number): void {
  prefetchEndpoint(endpoint, {}, { id });
}

/** A missing id, an unknown id or one of another company (the server answers the same). */
export function RecordNotFound() {
  const { t } = useTranslation();
  return (
    <section className="page records-page">
      <Empty description={t('recordList.notFound')} />
    </section>
  );
}

/** Back button and the page title of a record detail. */
export function RecordDetailHeading({ titleId, children }: { titleId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="detail-heading">
      <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
        {t('errorPage.back')}
      </Button>
      <h1 id={titleId} className="page-title">
        {children}
      </h1>
    </div>
  );
}
