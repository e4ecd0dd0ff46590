import { useId } from 'react';
import { Alert, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Stand-in for the pages later issues build: shows the page's title so the whole map is
 * navigable now. The filter box is real local state, which makes tab keep-alive visible.
 */
export default function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const filterId = useId();
  return (
    <section className="page placeholder-page" aria-labelledby={`${filterId}-title`}>
      <h1 id={`${filterId}-title`} className="page-title">
        {t(titleKey)}
      </h1>
      <Alert type="info" showIcon title={t('placeholder.comingSoon')} />
      <div className="placeholder-filter">
        <label htmlFor={filterId}>{t('placeholder.filter')}</label>
        <Input
          id={filterId}
          className="placeholder-filter-input"
          placeholder={t('placeholder.filterHint')}
          allowClear
        />
      </div>
    </section>
  );
}
