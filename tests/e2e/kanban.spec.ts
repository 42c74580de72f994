import type { Locator, Page } from '@playwright/test'
import {
  cloudApiText,
  createCloudApiConnection,
  expect,
  postMetaWebhook,
  route,
  signIn,
  test,
  toast,
  uniqueEmail,
  uniqueId,
  useGraphStandIn,
  type ApiSession,
} from './fixtures'

// Issue 20: a card dragged to another lane, by mouse and then by keyboard, moves the ticket's
// lane tag on the server.

const ACCOUNT = {
  phoneNumberId: '1055002001',
  businessAccountId: '2055002001',
  accessToken: 'EAAG-e2e-kanban-token',
  appSecret: 'e2e-kanban-secret',
}

useGraphStandIn(ACCOUNT, '+55 11 4000-2001')

const lane = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true })

/** The ticket's lane tags, as the server has them (the operator's session: the UI's sign-in ends the admin's). */
async function laneTagsOf(session: ApiSession, ticketId: number): Promise<string[]> {
  const ticket = await session.get<{ tags: { name: string }[] }>(`/tickets/${ticketId}`)
  return ticket.tags.map((tag) => tag.name)
}

test('a card dragged by mouse and then by keyboard changes lane, and the ticket’s lane tag follows', async ({
  page,
  api,
  request,
}) => {
  const id = uniqueId()
  const operator = await api.asOperator()
  const password = `senha-${id}`
  const admin = { name: `Gestora Kanban ${id}`, email: uniqueEmail('kanban'), password }
  // allTicket: he sees the tickets without a queue, as this connection's are.
  await operator.post('/users', { ...admin, profile: 'admin', allTicket: 'enable' })
  const session = await api.login(admin)
  const negotiating = `Negociação ${id}`
  const won = `Ganho ${id}`
  await session.post('/tags', { name: negotiating, color: '#F5C400', kanban: 1 })
  await session.post('/tags', { name: won, color: '#1E7F3C', kanban: 1 })
  const connectionId = await createCloudApiConnection(session, ACCOUNT, `Kanban ${id}`)
  const customer = `55119${String(Date.now()).slice(-8)}`
  const name = `Cliente Kanban ${id}`
  await postMetaWebhook(
    request,
    connectionId,
    cloudApiText({
      ...ACCOUNT,
      from: customer,
      name,
      id: `wamid.KANBAN-${id}`,
      body: 'Quero um orçamento',
    }),
    ACCOUNT.appSecret,
  )

  await signIn(page, admin.email, admin.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/Kanban')
  const card = page.getByRole('article', { name: new RegExp(`, ${name}$`) })
  await expect(
    lane(page, 'Em aberto').getByRole('article', { name: new RegExp(name) }),
  ).toBeVisible()
  const ticketId = Number((await card.getAttribute('aria-label'))!.match(/#(\d+)/)![1])

  // By mouse: press on the card, move past the drag distance in steps, release over the lane.
  const from = (await card.boundingBox())!
  const target = (await lane(page, negotiating).boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + 12)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + 20, { steps: 4 })
  await page.mouse.move(target.x + target.width / 2, target.y + 80, { steps: 12 })
  // The move's ticket event refreshes the board half a second later: the keyboard drag below
  // starts after that refresh, not in the middle of it.
  const refreshed = page.waitForResponse((answer) => answer.url().includes('/ticket/kanban'))
  await page.mouse.up()
  await expect(toast(page, `Ticket #${ticketId} movido para ${negotiating}`)).toBeVisible()
  await expect(
    lane(page, negotiating).getByRole('article', { name: new RegExp(name) }),
  ).toBeVisible()
  await expect.poll(() => laneTagsOf(operator, ticketId)).toEqual([negotiating])
  await refreshed

  // By keyboard: Space picks the card up, the right arrow carries it to the next lane, Space drops.
  await page.getByRole('button', { name: `Arrastar o ticket #${ticketId}` }).focus()
  // Each step waits for what the screen reader is told, as a keyboard user would.
  const announced = (text: string) => page.getByText(text, { exact: false })
  await page.keyboard.press('Space')
  await expect(announced(`pego na coluna ${negotiating}`)).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(announced(`sobre a coluna ${won}`)).toBeAttached()
  await page.keyboard.press('Space')
  await expect(toast(page, `Ticket #${ticketId} movido para ${won}`)).toBeVisible()
  await expect(lane(page, won).getByRole('article', { name: new RegExp(name) })).toBeVisible()
  await expect.poll(() => laneTagsOf(operator, ticketId)).toEqual([won])
})
