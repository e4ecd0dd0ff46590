/** Where the staff sign-in goes on: a back-office path only, never /admin/login or another site. */
export function safeAdminRedirect(redirect: string | null | undefined): string {
  const home = '/admin';
  if (!redirect || !/^\/admin(\/|$|\?)/i.test(redirect)) return home;
  if (/^\/admin\/login/i.test(redirect)) return home;
  return redirect;
}
