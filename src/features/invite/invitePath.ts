/** /invite and /invite/ (what a shared link opens). */
export const isInvitePath = (pathname: string) => /^\/invite\/?$/.test(pathname);
