import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useSettingsStore } from '../shared/stores/settings-store';
import { FeedbackBridge } from '../shared/ui/feedback-bridge';
import { readableOnWhite, textOn } from '../shared/ui/theme-colors';

/** Locale, global size and theme colour reach every antd component from here (issue 3 §6). */
export function AppProviders({ antdLocale, children }: { antdLocale: Locale; children: ReactNode }) {
  const size = useSettingsStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const onPrimary = textOn(themeColor);
  const primaryText = readableOnWhite(themeColor);

  useEffect(() => {
    // The tag views are plain CSS; they follow the theme through these variables.
    document.documentElement.style.setProperty('--pp-primary', themeColor);
    document.documentElement.style.setProperty('--pp-on-primary', onPrimary);
  }, [themeColor, onPrimary]);

  return (
    <ConfigProvider
      locale={antdLocale}
      componentSize={size}
      theme={{
        token: {
          colorPrimary: themeColor,
          colorTextLightSolid: onPrimary,
          colorLink: primaryText,
          colorPrimaryText: primaryText,
        },
        components: {
          Menu: {
            itemSelectedColor: primaryText,
            horizontalItemSelectedColor: primaryText,
            darkItemSelectedBg: themeColor,
            darkItemSelectedColor: onPrimary,
          },
        },
      }}
    >
      <App>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
