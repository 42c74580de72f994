import { describe, expect, it } from 'vitest'
import { parseAdPreview, parseLocation, parseVCard, safeImageUrl } from './message-content'

describe('parseVCard', () => {
  it('reads the name and the WhatsApp id of a card', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Souza;Maria;;;',
      'FN:Maria Souza',
      'item1.TEL;waid=5511999990000:+55 11 99999-0000',
      'item1.X-ABLabel:Celular',
      'END:VCARD',
    ].join('\n')
    expect(parseVCard(card)).toEqual({ name: 'Maria Souza', number: '5511999990000' })
  })

  it('falls back to the TEL value and to N when there is no FN', () => {
    const card = 'BEGIN:VCARD\r\nN:Lima;João\r\nTEL;TYPE=CELL:+55 21 98888-7777\r\nEND:VCARD'
    expect(parseVCard(card)).toEqual({ name: 'João Lima', number: '+55 21 98888-7777' })
  })

  it('is null for text that is not a card with a number', () => {
    expect(parseVCard('Maria: 📞5511')).toBeNull()
    expect(parseVCard('BEGIN:VCARD\nFN:Sem número\nEND:VCARD')).toBeNull()
  })
})

describe('pipe-separated bodies', () => {
  it('reads a location: image, map link, description', () => {
    expect(
      parseLocation(
        'data:image/jpeg;base64,AAAA|https://maps.google.com/?q=1,2|Av. Paulista, 1000',
      ),
    ).toEqual({
      image: 'data:image/jpeg;base64,AAAA',
      link: 'https://maps.google.com/?q=1,2',
      description: 'Av. Paulista, 1000',
    })
  })

  it('reads an ad preview and keeps the contact text', () => {
    expect(
      parseAdPreview('https://cdn/x.jpg|https://fb.me/ad|Promoção|Só hoje|Quero saber mais'),
    ).toEqual({
      image: 'https://cdn/x.jpg',
      sourceUrl: 'https://fb.me/ad',
      title: 'Promoção',
      body: 'Só hoje',
      text: 'Quero saber mais',
    })
  })

  it('never turns a script address into a link or image', () => {
    expect(parseLocation('javascript:alert(1)|javascript:alert(2)|x')).toMatchObject({
      image: null,
      link: null,
    })
    expect(safeImageUrl('data:text/html;base64,AAAA')).toBeNull()
  })
})
