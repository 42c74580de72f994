/**
 * The tray's few words in the product's languages (pt-BR default and fallback, en, es, tr).
 * Main has no i18next; these stay beside the only menu that uses them.
 */
export interface TrayLabels {
  open: string
  quit: string
  unread(count: number): string
}

const labels: Record<'pt-BR' | 'en' | 'es' | 'tr', TrayLabels> = {
  'pt-BR': { open: 'Abrir', quit: 'Sair', unread: (count) => `Não lidas: ${count}` },
  en: { open: 'Open', quit: 'Quit', unread: (count) => `Unread: ${count}` },
  es: { open: 'Abrir', quit: 'Salir', unread: (count) => `No leídas: ${count}` },
  tr: { open: 'Aç', quit: 'Çıkış', unread: (count) => `Okunmamış: ${count}` },
}

/** Picks by the OS locale's language ('en-US' → en); anything else gets pt-BR. */
export function trayLabels(locale: string): TrayLabels {
  const language = locale.toLowerCase().split('-')[0]
  if (language === 'en' || language === 'es' || language === 'tr') return labels[language]
  return labels['pt-BR']
}
