import { describe, expect, it } from 'vitest'
import { CAMPAIGN_TEMPLATE_PARAM_MAX } from '@shared/contracts/campaigns'
import {
  chosenFromListed,
  chosenFromStored,
  resizeTemplateParams,
  sameTemplate,
  templateKey,
  templateParamProblem,
  templatePlaceholderCount,
} from './campaign-template'

describe('templatePlaceholderCount', () => {
  it('counts up to the highest placeholder, as the server does', () => {
    expect(templatePlaceholderCount('Olá!')).toBe(0)
    expect(templatePlaceholderCount('Oi {{1}}, seu pedido {{2}} saiu.')).toBe(2)
    expect(templatePlaceholderCount('{{2}} antes de {{1}}, e {{1}} de novo')).toBe(2)
    expect(templatePlaceholderCount('Espaços: {{ 3 }}')).toBe(3)
  })

  it('ignores what is no positional placeholder', () => {
    expect(templatePlaceholderCount('{nome} e {{nome}} e {{}} e {1}')).toBe(0)
  })
})

describe('resizeTemplateParams', () => {
  it('keeps the texts typed in their places and fills or drops the rest', () => {
    expect(resizeTemplateParams([], 2)).toEqual(['', ''])
    expect(resizeTemplateParams(['{nome}'], 3)).toEqual(['{nome}', '', ''])
    expect(resizeTemplateParams(['a', 'b', 'c'], 1)).toEqual(['a'])
    expect(resizeTemplateParams(['a'], 0)).toEqual([])
  })
})

describe('templateParamProblem', () => {
  it('asks for a text, within the server’s length', () => {
    expect(templateParamProblem('{nome}')).toBeNull()
    expect(templateParamProblem('')).toBe('required')
    expect(templateParamProblem('   ')).toBe('required')
    expect(templateParamProblem('x'.repeat(CAMPAIGN_TEMPLATE_PARAM_MAX))).toBeNull()
    expect(templateParamProblem('x'.repeat(CAMPAIGN_TEMPLATE_PARAM_MAX + 1))).toBe('tooLong')
  })
})

describe('templates', () => {
  it('are told apart by name and language', () => {
    const promo = { name: 'promo', language: 'pt_BR' }
    expect(sameTemplate(promo, { name: 'promo', language: 'pt_BR' })).toBe(true)
    expect(sameTemplate(promo, { name: 'promo', language: 'en_US' })).toBe(false)
    expect(templateKey(promo)).not.toBe(templateKey({ name: 'promo', language: 'en_US' }))
    // No name and language can make another pair's key.
    expect(templateKey({ name: 'a_b', language: 'c' })).not.toBe(
      templateKey({ name: 'a', language: 'b_c' }),
    )
  })

  it('keep their body and count its placeholders when stored', () => {
    expect(
      chosenFromListed({
        name: 'promo',
        language: 'pt_BR',
        category: 'MARKETING',
        body: 'Oi {{1}}',
        params: 1,
      }),
    ).toEqual({ name: 'promo', language: 'pt_BR', body: 'Oi {{1}}', params: 1 })
    expect(chosenFromStored('promo', 'pt_BR', 'Oi {{1}}, {{2}}')).toEqual({
      name: 'promo',
      language: 'pt_BR',
      body: 'Oi {{1}}, {{2}}',
      params: 2,
    })
  })
})
