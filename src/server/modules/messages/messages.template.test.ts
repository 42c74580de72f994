import { describe, expect, test } from 'vitest'
import { greetingFor, renderTemplate, type TemplateContext } from './messages.template'
import { buildVCard, parseVCard } from './messages.vcard'

const context: TemplateContext = {
  contactName: 'Maria  da Silva',
  ticketId: 42,
  userName: 'Ana',
  queueName: 'Vendas',
  connectionName: 'Loja',
  companyName: 'Acme',
}
// 2024-03-05 14:07:09.045 in São Paulo (UTC-3).
const now = new Date('2024-03-05T17:07:09.045Z')
const render = (text: string, timeZone = 'America/Sao_Paulo') =>
  renderTemplate(text, context, { now, timeZone })

describe('renderTemplate', () => {
  test('renders every variable of reference §9.7 in the company time zone', () => {
    expect(render('{{firstName}}|{{name}}|{{ticket_id}}|{{userName}}')).toBe(
      'Maria|Maria  da Silva|42|Ana',
    )
    expect(render('{{ms}}|{{hour}}|{{date}}|{{data_hora}}')).toBe(
      'Boa tarde|14:07:09|05-03-2024|05-03-2024 às 14:07:09',
    )
    expect(render('{{queue}}|{{connection}}|{{name_company}}|{{protocol}}')).toBe(
      'Vendas|Loja|Acme|202403050709045' + '42',
    )
  })

  test('follows the time zone across midnight', () => {
    expect(render('{{date}} {{hour}} {{ms}}', 'Asia/Tokyo')).toBe(
      '06-03-2024 2:07:09 Boa madrugada',
    )
  })

  test('accepts spaces inside the braces and keeps unknown tokens and plain text', () => {
    expect(render('Olá {{ name }}, {{unknown}} & <b>')).toBe(
      'Olá Maria  da Silva, {{unknown}} & <b>',
    )
    expect(render('no tokens')).toBe('no tokens')
  })

  test('greets by the hour', () => {
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      'Boa madrugada',
      'Boa madrugada',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
    ])
  })
})

describe('vCard', () => {
  test('builds a vCard 3.0 with the WhatsApp id and reads it back', () => {
    const card = buildVCard({ name: 'João; Silva', number: '+55 (11) 98888-7777' })
    expect(card).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:;João\\; Silva;;;',
        'FN:João\\; Silva',
        'TEL;type=CELL;waid=5511988887777:+5511988887777',
        'END:VCARD',
      ].join('\n'),
    )
    expect(parseVCard(card)).toEqual({ name: 'João; Silva', number: '5511988887777' })
  })

  test('a text without a name or number is not a card', () => {
    expect(parseVCard('hello')).toBeNull()
  })
})
