declare global {
  interface ImportMetaEnv {
    /** The support link of the login page (a https: or mailto: URL); unset hides the button. */
    readonly VITE_SUPPORT_URL?: string
    /** The API's address when the page is not served by it (`npm run dev`); unset = same origin. */
    readonly VITE_API_URL?: string
  }
}

const SUPPORT_URL_PATTERN = /^(https?:|mailto:)\S+$/

/** The configured support link, or null when none (or an unusable one) is configured. */
export const supportUrl = (value: string | undefined = import.meta.env.VITE_SUPPORT_URL) =>
  value && SUPPORT_URL_PATTERN.test(value) ? value : null
