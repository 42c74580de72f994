import { describe, expect, test } from 'vitest'
import { integrationProblems, type IntegrationForm } from './queue-integrations-rules'

const stored = { credentialsStored: true }
const none = { credentialsStored: false }

describe('integrationProblems', () => {
  test.each<[string, IntegrationForm, boolean, Record<string, string>]>([
    [
      'a complete webhook',
      { type: 'webhook', name: 'Gancho', urlN8N: 'https://h.example/x' },
      false,
      {},
    ],
    [
      'a one-letter name',
      { type: 'flowbuilder', name: ' x ', flowId: 1 },
      false,
      { name: 'tooShort' },
    ],
    ['a blank name', { type: 'flowbuilder', name: '   ', flowId: 1 }, false, { name: 'required' }],
    [
      'a 51-letter name',
      { type: 'flowbuilder', name: 'n'.repeat(51), flowId: 1 },
      false,
      { name: 'tooLong' },
    ],
    [
      'a flow integration without its flow',
      { type: 'flowbuilder', name: 'Fluxo' },
      false,
      { flowId: 'required' },
    ],
    ['n8n without its URL', { type: 'n8n', name: 'Fluxo' }, false, { urlN8N: 'required' }],
    [
      'a URL that is not http',
      { type: 'webhook', name: 'Gancho', urlN8N: 'javascript:alert(1)' },
      false,
      { urlN8N: 'invalidUrl' },
    ],
    [
      'Typebot without its slug',
      { type: 'typebot', name: 'Bot', urlN8N: 'http://typebot.local' },
      false,
      { typebotSlug: 'required' },
    ],
    [
      'Dialogflow without anything',
      { type: 'dialogflow', name: 'DF' },
      false,
      { projectName: 'required', language: 'required', jsonContent: 'required' },
    ],
    [
      'Dialogflow keeping stored credentials',
      { type: 'dialogflow', name: 'DF', projectName: 'p', language: 'es', jsonContent: '' },
      true,
      {},
    ],
    [
      'Dialogflow with broken JSON',
      { type: 'dialogflow', name: 'DF', projectName: 'p', language: 'en', jsonContent: '[1]' },
      true,
      { jsonContent: 'invalidJson' },
    ],
  ])('%s', (_case, form, credentialsStored, problems) => {
    expect(integrationProblems(form, credentialsStored ? stored : none)).toEqual(problems)
  })
})
