import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAsyncData, type AsyncData } from '../hooks/use-async-data';
import { useRouteSearchParams } from '../hooks/use-route-search-params';
import { positiveInt } from './list-query';

/**
 * A record detail page's data: the `?id=` of its (kept-alive) tab and the record loaded for it.
 * `record` is only the answer for this id: the previous record stays in useAsyncData while
 * another id loads, and must never show under the new one.
 */
export function useRecordDetail<D>(
  path: string,
  load: (id: number) => Promise<D>,
  idOf: (record: D) => number,
): { id: number | undefined; detail: AsyncData<D>; record: D | undefined } {
  const [params] = useRouteSearchParams(path);
  const id = positiveInt(params.get('id'));
  const detail = useAsyncData(id ? `${path}#${id}` : null, () => load(id ?? 0));
  const record = detail.data !== undefined && idOf(detail.data) === id ? detail.data : undefined;
  return { id, detail, record };
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
