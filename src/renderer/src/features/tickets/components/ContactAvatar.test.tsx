// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { contactInitials, RowAvatar } from './ContactAvatar'

const classes = { root: 'root', initials: 'initials', icon: 'icon', image: 'image' }

afterEach(cleanup)

describe('contactInitials', () => {
  // The expected values are what Fluent's Avatar shows for the same names.
  it.each([
    ['Maria Souza', 'MS'],
    ['Maria', 'M'],
    ['maria da silva', 'MS'],
    ['Ana Maria de Souza', 'A'],
    ['João (Cliente) Souza', 'JS'],
    ['  Élodie   Durand ', 'ÉD'],
    ['Ömer Çelik', 'ÖÇ'],
    ['Ürün [destek]', 'Ü'],
    ['Dr. John Smith', 'DS'],
    ['😀 Smile', '😀S'],
    ['5511999990000', ''],
    ['+55 11 99999-0000', ''],
    ['山田 太郎', ''],
    ['', ''],
  ])('%j reads %j', (name, initials) => {
    expect(contactInitials(name)).toBe(initials)
  })
})

describe('RowAvatar', () => {
  it('shows the initials, and the picture over them while it loads', () => {
    const { container } = render(<RowAvatar name="Maria Souza" src="" classes={classes} />)
    expect(container.querySelector('.initials')?.textContent).toBe('MS')
    expect(container.querySelector('img')).toBeNull()

    const { container: withPicture } = render(
      <RowAvatar name="Maria Souza" src="https://cdn.test/m.png" classes={classes} />,
    )
    expect(withPicture.querySelector('.initials')?.textContent).toBe('MS')
    expect(withPicture.querySelector('img')?.getAttribute('src')).toBe('https://cdn.test/m.png')
  })

  it('shows a person icon for a number whose picture failed, and tries a new picture again', () => {
    const { container, rerender } = render(
      <RowAvatar name="5511999990000" src="https://cdn.test/a.png" classes={classes} />,
    )
    expect(container.querySelector('.icon')).toBeNull()
    fireEvent.error(container.querySelector('img')!)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('.icon svg')).not.toBeNull()

    rerender(<RowAvatar name="5511999990000" src="https://cdn.test/b.png" classes={classes} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.test/b.png')
    expect(container.querySelector('.icon')).toBeNull()
  })

  it('is hidden from assistive technology: the row names the contact', () => {
    const { container } = render(<RowAvatar name="Maria Souza" src="" classes={classes} />)
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true')
  })
})
