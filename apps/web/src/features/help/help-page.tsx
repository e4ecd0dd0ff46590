import { useTranslation } from 'react-i18next';

export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t('route.help')}</h1>
      <p>{t('help.intro')}</p>
      <ul>
        <li>{t('help.tabs')}</li>
        <li>{t('help.settings')}</li>
        <li>{t('help.password')}</li>
      </ul>
    </section>
  );
}
