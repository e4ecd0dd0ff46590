/** Only same-site paths: `?redirect=//evil.example` or `https://…` must not leave the portal. */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return '/';
  if (redirect.startsWith('/login')) return '/';
  return redirect;
}
