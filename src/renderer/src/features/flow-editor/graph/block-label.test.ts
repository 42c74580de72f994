import { describe, expect, it } from 'vitest'
import { FLOW_NODE_TYPES, FLOW_PROBLEMS, type FlowNode } from '@shared/contracts/flows'
import { outputHandles } from '@shared/contracts/flows-rules'
import { i18n } from '@renderer/lib/i18n'
import { defaultBlockData } from './block-defaults'
import { blockLabel, outputLabels } from './block-label'
import type { BlockContent } from './block-node'
import { problemMessageKey } from './problems'

const t = i18n.getFixedT('pt-BR', 'flowEditor')

const withData = (block: BlockContent): FlowNode => ({
  id: 'x',
  position: { x: 0, y: 0 },
  ...block,
})

describe('outputLabels', () => {
  it.each(FLOW_NODE_TYPES)('names exactly the outputs outputHandles gives a %s block', (type) => {
    const block = { type, data: defaultBlockData(type) } as BlockContent
    expect(outputLabels(block, t).map((output) => output.handle)).toEqual(
      outputHandles(withData(block)),
    )
  })

  it('labels a condition true/false, a randomizer by its shares and a menu by its options', () => {
    expect(
      outputLabels({ type: 'condition', data: { key: 'k', condition: 1, value: '' } }, t),
    ).toEqual([
      { handle: 'a', label: 'Verdadeiro' },
      { handle: 'b', label: 'Falso' },
    ])
    expect(outputLabels({ type: 'randomizer', data: { percent: 30 } }, t)).toEqual([
      { handle: 'a', label: '30%' },
      { handle: 'b', label: '70%' },
    ])
    const menu: BlockContent = {
      type: 'menu',
      data: {
        message: 'M',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: 2, value: 'Suporte' },
        ],
      },
    }
    expect(outputLabels(menu, t)).toEqual([
      { handle: 'a1', label: '[1] Vendas' },
      { handle: 'a2', label: '[2] Suporte' },
    ])
    expect(outputHandles(withData(menu))).toEqual(['a1', 'a2'])
  })
})

describe('blockLabel', () => {
  it('names a block by its kind and what it says', () => {
    expect(blockLabel({ type: 'interval', data: { sec: 1 } }, t)).toBe('Intervalo: 1 segundo')
    expect(blockLabel({ type: 'ticket', data: { id: 0, name: '' } }, t)).toBe('Ticket')
    expect(
      blockLabel({ type: 'condition', data: { key: 'idade', condition: 2, value: '18' } }, t),
    ).toBe('Condição: idade >= 18')
    expect(blockLabel({ type: 'message', data: { label: `  ${'a'.repeat(60)}  ` } }, t)).toBe(
      `Mensagem: ${'a'.repeat(47)}…`,
    )
  })
})

describe('problem texts', () => {
  it.each(['pt-BR', 'en', 'es', 'tr'])(
    '%s has a text for every problem a save can find',
    (language) => {
      const keys = FLOW_PROBLEMS.map((problem) => problemMessageKey({ problem }, undefined))
      expect(
        keys.filter(
          (key) => !i18n.exists(key, { ns: 'flowEditor', lng: language, fallbackLng: false }),
        ),
      ).toEqual([])
    },
  )

  it('uses the spec’s Portuguese messages (002 §5)', () => {
    const text = (problem: (typeof FLOW_PROBLEMS)[number]) =>
      t(problemMessageKey({ problem }, undefined))
    expect(text('emptyText')).toBe('Campos de mensagem vazio!')
    expect(text('elementIntervalRange')).toBe('Intervalo não pode ser 0 ou maior que 120!')
    expect(text('emptyMedia')).toBe('Delete os cards vazios(Imagem, Audio e Video)')
    expect(text('noQueue')).toBe('Adicione uma fila')
    expect(
      t(problemMessageKey({ problem: 'intervalRange' }, { type: 'interval', data: { sec: 0 } })),
    ).toBe('Adicione o valor de intervalo')
    expect(
      t(problemMessageKey({ problem: 'intervalRange' }, { type: 'interval', data: { sec: 500 } })),
    ).toBe('Máximo de tempo atingido 120 segundos')
  })
})
