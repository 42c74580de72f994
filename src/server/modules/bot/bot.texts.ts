import type { BotOption, BotQueue } from './bot.types'

/** The bot's own words (reference §11.4, §11.8): chat text in the company's language. */
export const INVALID_OPTION_TEXT = 'Opção inválida, por favor escolha uma opção válida abaixo:'
export const EXIT_WORD = 'sair'
export const BACK_WORD = '#'

const line = (label: string, name: string) => `*[ ${label} ]* - ${name}`
const joined = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n')

/** The connection's menu: its greeting, then one line per queue and the way out. */
export function queueMenuText(greeting: string, queues: readonly BotQueue[]): string {
  const lines = queues.map((queue, index) => line(String(index + 1), queue.name))
  return joined(greeting, [...lines, line('Sair', 'Encerrar atendimento')].join('\n'))
}

/** A level of a queue's tree: its greeting, its options, back to the menu and the way out. */
export function optionsText(greeting: string, options: readonly BotOption[]): string {
  const lines = options.map((option, index) => line(String(index + 1), option.name))
  return joined(
    greeting,
    [
      ...lines,
      line(BACK_WORD, 'Voltar para o menu principal'),
      line('Sair', 'Encerrar atendimento'),
    ].join('\n'),
  )
}

/** The contact's answer as a 1-based choice among `count`, or null when it is not one. */
export function choiceAmong(text: string, count: number): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,3}$/.test(trimmed)) return null
  const choice = Number(trimmed)
  return choice >= 1 && choice <= count ? choice : null
}

/** Words are matched trimmed and case-insensitively ("Sair ", "SAIR"). */
export const saysWord = (text: string, word: string) =>
  text.trim().toLocaleLowerCase('pt-BR') === word
