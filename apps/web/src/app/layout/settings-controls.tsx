import { BgColorsOutlined, ColumnHeightOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@partsportal/contract/codes';
import { LANGUAGES } from '@partsportal/contract/codes';
import { SIZES, THEME_COLORS, useSettingsStore, type Size } from '@shared/stores/settings-store';
import { toastSuccess } from '@shared/ui/feedback';
import { LANGUAGE_NAMES, switchLanguage } from '@shared/ui/language-switch';

const SIZE_KEYS: Record<Size, string> = {
  large: 'settings.sizeLarge',
  middle: 'settings.sizeMedium',
  small: 'settings.sizeSmall',
};

export function LanguageControl() {
  const { t } = useTranslation();
  const language = useSettingsStore((s) => s.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={lng}>{LANGUAGE_NAMES[lng]}</span> })),
        onClick: ({ key }) => key !== language && switchLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={`${t('settings.language')}: ${LANGUAGE_NAMES[language]}`}
        title={`${t('settings.language')}: ${LANGUAGE_NAMES[language]}`}
        className="nav-language"
      >
        <span className="nav-label">{LANGUAGE_NAMES[language]}</span>
      </Button>
    </Dropdown>
  );
}

export function SizeControl() {
  const { t } = useTranslation();
  const size = useSettingsStore((s) => s.size);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(SIZE_KEYS[s]) })),
        onClick: ({ key }) => {
          useSettingsStore.getState().setSize(key as Size);
          toastSuccess(t('settings.sizeChanged'));
        },
      }}
    >
      <Button
        type="text"
        icon={<ColumnHeightOutlined />}
        aria-label={t('settings.size')}
        title={t('settings.size')}
        className="nav-size"
      />
    </Dropdown>
  );
}

export function ThemeControl() {
  const { t } = useTranslation();
  const themeColor = useSettingsStore((s) => s.themeColor);
  const swatches = (
    <div className="theme-swatches" role="group" aria-label={t('settings.theme')}>
      {THEME_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className="theme-swatch"
          style={{ background: color }}
          aria-label={color}
          aria-pressed={color === themeColor}
          onClick={() => {
            useSettingsStore.getState().setThemeColor(color);
            toastSuccess(t('settings.themeChanged'));
          }}
        />
      ))}
    </div>
  );
  return (
    <Popover content={swatches} title={t('settings.theme')} trigger="click">
      <Button
        type="text"
        icon={<BgColorsOutlined />}
        aria-label={t('settings.theme')}
        title={t('settings.theme')}
        className="nav-theme"
      />
    </Popover>
  );
}
