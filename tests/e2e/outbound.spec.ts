import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import {
  cloudApiText,
  createCloudApiConnection,
  expect,
  postMetaWebhook,
  route,
  signIn,
  startGraphStandIn,
  test,
  uniqueEmail,
  uniqueId,
  type ApiSession,
  type GraphStandIn,
  type KnownUser,
} from './fixtures'

// Issue 19: campaigns from an imported list, quick messages in the composer, and a scheduled
// message from the conversation, each reaching the Graph API stand-in.

const ACCOUNT = {
  phoneNumberId: '1055001907',
  businessAccountId: '2055001907',
  accessToken: 'EAAG-e2e-outbound-token',
  appSecret: 'e2e-outbound-secret',
}

let graph: GraphStandIn
let admin: KnownUser
let attendant: KnownUser
let session: ApiSession
let connectionName: string
let connectionId: number

test.beforeAll(async ({ api }) => {
  graph = await startGraphStandIn()
  graph.fake.addPhoneNumber(ACCOUNT.phoneNumberId, {
    token: ACCOUNT.accessToken,
    displayPhoneNumber: '+55 11 4000-1907',
  })
  graph.fake.addTemplates(ACCOUNT.businessAccountId, ACCOUNT.accessToken, [
    {
      name: 'novidades_natal',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Olá {{1}}, temos novidades de Natal!' }],
    },
  ])
  const operator = await api.asOperator()
  const id = uniqueId()
  const made = async (profile: 'admin' | 'user', name: string) => {
    const credentials = { name, email: uniqueEmail(profile), password: `senha-${id}` }
    const created = await operator.post<{ id: number }>('/users', { ...credentials, profile })
    return { ...credentials, id: created.id }
  }
  admin = await made('admin', `Gestora Campanhas ${id}`)
  attendant = await made('user', `Atendente Rápida ${id}`)
  session = await api.login(admin)
  connectionName = `Disparos ${id}`
  connectionId = await createCloudApiConnection(session, ACCOUNT, connectionName)
  // No pause between sends: the spec watches the whole campaign go out.
  await session.post('/campaign-settings', {
    settings: {
      messageInterval: 0,
      longerIntervalAfter: 0,
      startHour: '00:00',
      endHour: '23:59',
      sabado: true,
      domingo: true,
    },
  })
})

test.afterAll(async () => {
  await graph?.close()
})

interface CloudApiSend {
  to?: string
  type?: string
  text?: { body?: string }
  template?: { name: string; components?: { parameters: { text: string }[] }[] }
}

/** What the server sent to `to` through the Graph API, in order. */
const sendsTo = (to: string) =>
  graph.fake.requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'))
    .map((request) => request.json as CloudApiSend)
    .filter((json) => json.to === to)

const textsTo = (to: string) =>
  sendsTo(to)
    .filter((json) => json.type === 'text')
    .map((json) => json.text?.body ?? '')

/** `yyyy-MM-dd` and `HH:mm` of an instant in this machine's zone, the browser's too. */
const localDateAndTime = (at: Date) => {
  const two = (value: number) => String(value).padStart(2, '0')
  return {
    date: `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`,
    time: `${two(at.getHours())}:${two(at.getMinutes())}`,
  }
}

async function choose(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.click()
  await page.getByRole('option', { name: option }).first().click()
}

async function spreadsheet(rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Lista')
  for (const row of rows) sheet.addRow(row)
  const file = join(mkdtempSync(join(tmpdir(), 'atende-e2e-')), 'clientes.xlsx')
  writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()))
  return file
}

test('an admin imports a list, sends a campaign with two variants and watches its report fill', async ({
  page,
  request,
}) => {
  const id = uniqueId()
  const numbers = ['5511955501001', '5511955501002', '5511955501003']
  // Ana and Bia wrote today: free text reaches them. Caio never did: only a template does.
  for (const [index, name] of ['Ana', 'Bia'].entries())
    await postMetaWebhook(
      request,
      connectionId,
      cloudApiText({
        ...ACCOUNT,
        from: numbers[index]!,
        name,
        id: `wamid.E2E-${id}-${index}`,
        body: 'Oi, quero saber das promoções',
      }),
      ACCOUNT.appSecret,
    )
  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))

  // The list, from the menu.
  await page.goto('/#/contact-lists')
  await page.getByRole('button', { name: 'Adicionar lista' }).first().click()
  const listName = `Clientes ${id}`
  const listDialog = page.getByRole('dialog', { name: 'Nova lista de contatos' })
  await listDialog.getByRole('textbox', { name: 'Nome' }).fill(listName)
  await listDialog.getByRole('button', { name: 'Adicionar' }).click()
  await page.getByRole('button', { name: `Abrir os contatos de ${listName}` }).click()
  await expect(page.getByRole('heading', { name: listName })).toBeVisible()

  // The spreadsheet: three good rows and one without a number.
  const file = await spreadsheet([
    ['nome', 'numero', 'email'],
    ['Ana', numbers[0]!, 'ana@exemplo.com'],
    ['Bia', numbers[1]!, ''],
    ['Caio', numbers[2]!, ''],
    ['Sem número', '', ''],
  ])
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Importar' }).first().click()
  await (await chooser).setFiles(file)
  const confirm = page.getByRole('dialog', { name: 'Importar contatos' })
  await confirm.getByRole('button', { name: 'Importar' }).click()
  const result = page.getByRole('dialog', { name: 'Importação concluída' })
  await expect(result.getByText('Sem número', { exact: true }).first()).toBeVisible()
  await result.getByRole('button', { name: 'Fechar' }).first().click()
  for (const name of ['Ana', 'Bia', 'Caio'])
    await expect(page.getByRole('table').getByText(name, { exact: true })).toBeVisible()

  // The campaign: two variants, starting now.
  await page.goto('/#/campaigns')
  await page.getByRole('button', { name: 'Nova campanha' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Nova campanha' })
  const campaignName = `Natal ${id}`
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(campaignName)
  await choose(page, dialog.getByRole('combobox', { name: 'Conexão WhatsApp' }), connectionName)
  await choose(
    page,
    dialog.getByRole('combobox', { name: 'Lista de contatos' }),
    new RegExp(listName),
  )
  const startNow = localDateAndTime(new Date(Date.now() - 60_000))
  await dialog.getByLabel('Data de início').fill(startNow.date)
  await dialog.getByLabel('Hora de início').fill(startNow.time)
  await dialog.getByRole('tab', { name: 'Mensagem 1' }).click()
  await dialog.getByRole('textbox', { name: /Mensagem 1/ }).fill('Olá {nome}, feliz Natal!')
  await dialog.getByRole('tab', { name: 'Mensagem 2' }).click()
  await dialog.getByRole('textbox', { name: /Mensagem 2/ }).fill('Oi {nome}, boas festas!')
  await choose(page, dialog.getByRole('combobox', { name: 'Modelo aprovado' }), /novidades_natal/)
  await expect(dialog.getByText('Olá {{1}}, temos novidades de Natal!')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Variável {{1}}' }).fill('{nome}')
  await dialog.getByRole('button', { name: 'Criar campanha' }).click()
  await expect(dialog).toBeHidden()

  // The report fills live as the stand-in receives the messages.
  await page.getByRole('button', { name: `Relatório de ${campaignName}` }).click()
  await expect(page.getByRole('heading', { name: campaignName })).toBeVisible()
  await expect(page.getByText('Finalizada').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('progressbar', { name: 'Progresso' })).toHaveAttribute(
    'aria-valuetext',
    '100%',
  )
  expect(textsTo(numbers[0]!)).toEqual(['Olá Ana, feliz Natal!'])
  expect(textsTo(numbers[1]!)).toEqual(['Oi Bia, boas festas!'])
  expect(sendsTo(numbers[2]!).map((json) => json.template)).toEqual([
    {
      name: 'novidades_natal',
      language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Caio' }] }],
    },
  ])
})

test('an attendant types "/", picks a quick message and sends it', async ({ page, api }) => {
  const id = uniqueId()
  const number = `55119${String(Date.now()).slice(-8)}`
  const asAttendant = await api.login(attendant)
  const { id: contactId } = await asAttendant.post<{ id: number }>('/contacts', {
    name: `Cliente Rápido ${id}`,
    number,
  })
  const connections = await asAttendant.get<{ id: number; name: string }[]>('/whatsapp')
  const connection = connections.find((row) => row.name === connectionName)!
  await asAttendant.post('/tickets', {
    contactId,
    status: 'open',
    userId: attendant.id,
    whatsappId: connection.id,
  })
  const shortcode = `horario${id}`
  await asAttendant.post('/quick-messages', {
    shortcode,
    message: 'Atendemos das 8h às 18h, {{firstName}}.',
  })

  await signIn(page, attendant.email, attendant.password)
  await page.getByRole('listitem', { name: new RegExp(`^Cliente Rápido ${id},`) }).click()
  const composer = page.getByRole('textbox', { name: 'Mensagem' })
  await composer.pressSequentially(`/${shortcode.slice(0, 7)}`)
  await page
    .getByRole('listbox', { name: 'Respostas rápidas' })
    .getByRole('option', { name: new RegExp(`^${shortcode}`) })
    .click()
  await expect(composer).toHaveValue('Atendemos das 8h às 18h, {{firstName}}.')
  await composer.press('Enter')
  // Signed with the attendant's name, as the company's signature setting asks by default.
  await expect
    .poll(() => textsTo(number))
    .toEqual([`*${attendant.name}:*\nAtendemos das 8h às 18h, Cliente.`])
})

test('a message scheduled from the conversation shows in the calendar and is sent at its time', async ({
  page,
  api,
}) => {
  const id = uniqueId()
  const number = `55118${String(Date.now()).slice(-8)}`
  const asAttendant = await api.login(attendant)
  const contactName = `Cliente Agenda ${id}`
  const { id: contactId } = await asAttendant.post<{ id: number }>('/contacts', {
    name: contactName,
    number,
  })
  const connections = await asAttendant.get<{ id: number; name: string }[]>('/whatsapp')
  const connection = connections.find((row) => row.name === connectionName)!
  await asAttendant.post('/tickets', {
    contactId,
    status: 'open',
    userId: attendant.id,
    whatsappId: connection.id,
  })

  // The browser's clock runs three minutes behind the server's: the time the attendant picks,
  // a minute ahead on her screen, is already due for the server.
  await page.clock.install({ time: new Date(Date.now() - 3 * 60_000) })
  await signIn(page, attendant.email, attendant.password)
  await page.getByRole('listitem', { name: new RegExp(`^${contactName},`) }).click()
  await page.getByRole('button', { name: 'Agendar mensagem' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo agendamento' })
  await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Sua consulta é amanhã às 9h.')
  const inAMinute = await page.evaluate(() => {
    const at = new Date(Date.now() + 60_000)
    const pad = (value: number) => String(value).padStart(2, '0')
    return {
      date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    }
  })
  await dialog.getByLabel('Data do envio').fill(inAMinute.date)
  await dialog.getByLabel('Hora do envio').fill(inAMinute.time)
  await dialog.getByRole('button', { name: 'Agendar' }).click()

  await expect(page).toHaveURL(route('/schedules'))
  await expect(page.getByText(contactName).first()).toBeVisible()
  await expect
    .poll(() => textsTo(number), { timeout: 30_000 })
    .toEqual(['Sua consulta é amanhã às 9h.'])
})
