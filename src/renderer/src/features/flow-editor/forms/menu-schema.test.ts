import { describe, expect, it } from 'vitest'
import { FLOW_MENU_OPTIONS_MAX } from '@shared/contracts/flows'
import { menuFormValues, menuSchema, toMenuData } from './menu-schema'

const errorsOf = (values: unknown) => {
  try {
    menuSchema.validateSync(values, { abortEarly: false })
    return []
  } catch (error) {
    return (error as { errors: string[] }).errors
  }
}

describe('menu block form (002 §5)', () => {
  it('numbers the options by their place, 1..n', () => {
    const values = menuSchema.validateSync({
      message: ' Escolha ',
      options: [{ value: 'Vendas' }, { value: ' Suporte ' }, { value: 'Financeiro' }],
    })
    expect(toMenuData(values)).toEqual({
      message: 'Escolha',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte' },
        { number: 3, value: 'Financeiro' },
      ],
    })
  })

  it('reads the stored options back in their order', () => {
    expect(
      menuFormValues({
        message: 'M',
        arrayOption: [
          { number: 1, value: 'A' },
          { number: 2, value: 'B' },
        ],
      }),
    ).toEqual({ message: 'M', options: [{ value: 'A' }, { value: 'B' }] })
  })

  it('requires the text, at least one option and a text for each', () => {
    expect(errorsOf({ message: '', options: [] })).toEqual([
      'validation.emptyText',
      'validation.menuNoOptions',
    ])
    expect(errorsOf({ message: 'M', options: [{ value: 'A' }, { value: '  ' }] })).toEqual([
      'validation.menuOption',
    ])
  })

  it('takes at most the contract’s number of options', () => {
    const options = Array.from({ length: FLOW_MENU_OPTIONS_MAX + 1 }, (_, i) => ({ value: `${i}` }))
    expect(errorsOf({ message: 'M', options })).toEqual(['validation.menuTooMany'])
  })
})
