/**
 * How a client carries its refresh credential, apart from the schemas so that the login page
 * loads it without them. Desktop clients send this header: they receive the refresh token in the
 * body (for the OS vault) and send it back in the body, instead of the browser's HttpOnly cookie.
 */
export const DESKTOP_CLIENT_HEADER = 'x-atende-client'
export const DESKTOP_CLIENT_VALUE = 'desktop'
export const REFRESH_COOKIE = 'jrt'
