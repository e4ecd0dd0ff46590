import { ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * "Not found" on a buyer's detail page (an order, a delivery, a product, a freight view): a
 * warning sign, the sentence and an optional action, drawn like antd's `Result status="warning"`.
 * antd's Result carries its 403/404/500 illustrations (10.5 KB gzip) into every page that imports
 * it, for a state most visits never reach; the look is in styles.css (.missing-state).
 */
export function MissingState({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="missing-state" role="status">
      <ExclamationCircleFilled className="missing-state-icon" aria-hidden="true" />
      <div className="missing-state-title">{title}</div>
      {extra && <div className="missing-state-extra">{extra}</div>}
    </div>
  );
}

/** A whole detail page that has nothing to show: its title and card, and the warning in them. */
export function MissingPage({ pageTitle, title }: { pageTitle: string; title: string }) {
  return (
    <section className="page">
      <h1 className="page-title">{pageTitle}</h1>
      <MissingState title={title} />
    </section>
  );
}
