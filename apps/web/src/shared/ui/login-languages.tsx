import { Button } from 'antd';
import { LANGUAGES } from '@partsportal/contract/codes';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '@shared/stores/settings-store';
import { LANGUAGE_NAMES, switchLanguage } from './language-switch';

/**
 * The language buttons under a sign-in form (the buyers' /login and the back office's): plain
 * Buttons, no Select, so /login stays inside its bundle budget.
 */
export function LoginLanguages() {
  const { t } = useTranslation();
  const language = useSettingsStore((s) => s.language);
  return (
    <div className="login-languages" role="group" aria-label={t('settings.language')}>
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          type={lng === language ? 'link' : 'text'}
          size="small"
          lang={lng}
          aria-pressed={lng === language}
          onClick={() => lng !== language && switchLanguage(lng)}
        >
          {LANGUAGE_NAMES[lng]}
        </Button>
      ))}
    </div>
  );
}
