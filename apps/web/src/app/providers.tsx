import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useSettingsStore } from '@shared/stores/settings-store';
import { useAntdStylesheetLoaded } from '@shared/ui/antd-stylesheet';
import { feedbackHostFailed, isFeedbackWanted, subscribeFeedbackWanted } from '@shared/ui/feedback';
import { readableOnWhite, textOn } from '@shared/ui/theme-colors';

/** Locale, global size and theme colour reach every antd component from here (issue 3 §6). */
export function AppProviders({ antdLocale, children }: { antdLocale: Locale; children: ReactNode }) {
  const size = useSettingsStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const onPrimary = textOn(themeColor);
  const primaryText = readableOnWhite(themeColor);
  const staticStyles = useAntdStylesheetLoaded();
  const feedbackWanted = useSyncExternalStore(subscribeFeedbackWanted, isFeedbackWanted);
  const [FeedbackHost, setFeedbackHost] = useState<ComponentType | null>(null);

  // antd's App (toasts, dialogs) loads with the first toast or dialog, not with the entry
  // (shared/ui/feedback.ts: calls made before are queued). Not React.lazy: a failed load must
  // not take the page down (no error boundary needed) and must be tried again with the next call
  // (lazy keeps its first failure).
  useEffect(() => {
    if (!feedbackWanted || FeedbackHost) return;
    let current = true;
    import('@shared/ui/feedback-host').then(
      (module) => current && setFeedbackHost(() => module.default),
      () => current && feedbackHostFailed(),
    );
    return () => {
      current = false;
    };
  }, [feedbackWanted, FeedbackHost]);

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
        // antd's static stylesheet (antd/dist/antd.css, see shared/ui/antd-stylesheet.ts)
        // replaces the CSS its components generated at run time: that generation was the
        // biggest long task of every signed-in page. The theme still switches at run time: the
        // static rules read CSS variables, and antd keeps writing the token and component
        // variables below. Each component reads this once, when it mounts.
        zeroRuntime: staticStyles,
        token: {
          colorPrimary: themeColor,
          colorLink: primaryText,
          colorPrimaryText: primaryText,
          // antd's secondary text (0.45 alpha) is below WCAG AA on white; darken it a little.
          colorTextDescription: 'rgba(0, 0, 0, 0.62)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
          // antd's placeholder grey (#bfbfbf, 1.8:1) is what the Select filters show as their
          // label until something is chosen; 0.57 alpha is 5.1:1 on white, still lighter than text.
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
          // antd's error red (#ff4d4f, 3.3:1) is the text of danger buttons such as "empty the
          // cart"; red-7 is 5.6:1 on white.
          colorError: '#cf1322',
        },
        components: {
          // Only where text sits on the primary colour; the global colorTextLightSolid also
          // colours the dark sidebar's text and must stay white.
          Button: { primaryColor: onPrimary },
          Breadcrumb: {
            linkColor: 'rgba(0, 0, 0, 0.62)',
            separatorColor: 'rgba(0, 0, 0, 0.62)',
            itemColor: 'rgba(0, 0, 0, 0.62)',
          },
          // The selected tab's text (the cart's paste / file tabs) is drawn in the primary colour.
          Tabs: { itemSelectedColor: primaryText, itemHoverColor: primaryText, itemActiveColor: primaryText },
          Menu: {
            itemSelectedColor: primaryText,
            horizontalItemSelectedColor: primaryText,
            // The top menu's selected group ("Order" on /order/index) is a submenu title,
            // drawn in the raw theme colour (#409EFF: 3:1 on white) without this.
            subMenuItemSelectedColor: primaryText,
            // White text on the dark sidebar; the selected item's background is the theme colour
            // darkened until white reads on it (the same shade as text on white).
            darkItemSelectedBg: primaryText,
            darkItemSelectedColor: '#ffffff',
          },
        },
      }}
    >
      {/* The text style antd's App wrapper gave every element (styles.css .app-root). */}
      <div className="app-root">{children}</div>
      {FeedbackHost && <FeedbackHost />}
    </ConfigProvider>
  );
}
