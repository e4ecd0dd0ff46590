import type { Locale } from 'antd/es/locale';
import type { Language } from '@partsportal/contract/codes';

/** antd ships one pack per language; only the active one is downloaded. */
const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
};

export async function loadAntdLocale(language: Language): Promise<Locale> {
  return (await loaders[language]()).default;
}

/** dayjs month/day names for date pickers; only needed after sign-in. */
export async function loadDayjsLocale(language: Language): Promise<void> {
  const { default: dayjs } = await import('dayjs');
  if (language === 'zh') await import('dayjs/locale/zh-cn');
  if (language === 'es') await import('dayjs/locale/es');
  dayjs.locale(language === 'zh' ? 'zh-cn' : language);
}
