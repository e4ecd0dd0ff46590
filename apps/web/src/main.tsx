import { bootFromServer } from './app/boot-from-server';
import { startFirstRequest } from './app/first-request';
import { PAGE_REQUEST_EVENT } from './app/guard-decision';
import { preloadFirstRoute } from './app/route-preload';
import { loadStaticConfig } from './shared/api/static-config';
import { COOKIE, getCookie, setCookie } from './shared/cookies';
import { loadAntdLocale } from './shared/i18n/antd-locale';
import { initI18n } from './shared/i18n/i18n';
import { installGlobalErrorLog } from './shared/stores/error-log-store';
import { loadAntdStylesheet } from './shared/ui/antd-stylesheet';
import { useSettingsStore } from './shared/stores/settings-store';
import './styles.css';

async function bootstrap() {
  installGlobalErrorLog();
  // A sign-in's page asks for its first answer beside the user info (route-guard.tsx).
  window.addEventListener(PAGE_REQUEST_EVENT, (event) => {
    const { pathname, search } = (event as CustomEvent<{ pathname: string; search: string }>).detail;
    startFirstRequest(pathname, search);
  });
  // Spec §2: login links may carry uniqueCode; keep it before the guard rewrites the URL.
  const uniqueCode = new URLSearchParams(location.search).get('uniqueCode');
  if (uniqueCode) setCookie(COOKIE.uniqueCode, uniqueCode, 365);

  // A signed-in page the server drew brings the config and user info (decision 026): no calls
  // for them, and the page's first data request starts now, before any chunk of the page.
  const boot = getCookie(COOKIE.token) ? bootFromServer(location.pathname, location.search) : undefined;
  const signedIn = preloadFirstRoute(location.pathname);
  // Signed-in pages render with antd's static stylesheet; the login page does not wait for it.
  const stylesheet = signedIn ? loadAntdStylesheet() : undefined;
  const { language } = useSettingsStore.getState();
  // Spec §7: the static config comes first; i18n and the antd pack load alongside it.
  const [, , antdLocale, , { startApp }] = await Promise.all([
    boot ? boot.config : loadStaticConfig(),
    initI18n(language),
    loadAntdLocale(language),
    stylesheet,
    import('./app/start-app'),
  ]);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  startApp(root, antdLocale);
  // Ready by the time the user has typed the password.
  if (!stylesheet) setTimeout(() => void loadAntdStylesheet(), 1000);
}

// Not called from the module's top level: DevTools and Lighthouse record the stack of every
// request a script starts, and a stack with this chunk's top level in it makes V8 reparse the
// whole chunk for its source positions (~25 ms in the boot task of a traced page load).
void Promise.resolve().then(bootstrap);
