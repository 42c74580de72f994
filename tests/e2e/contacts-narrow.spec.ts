import { E2E_OPERATOR, expect, route, signIn, test, uniqueId } from './fixtures'

// Issue 15 (UX walkthrough, minor 23): at 400 px the Contacts table's tags and row actions
// appeared only after an unmarked sideways scroll. Below 700 px a row keeps the name, the number
// beneath it and the actions.

const NARROW = { width: 400, height: 800 } as const

test('at 400 px a contact row shows its edit action without a sideways scroll', async ({
  page,
  api,
}) => {
  const name = `Contato Estreito ${uniqueId()}`
  const mobile = String(Date.now() % 100_000_000).padStart(8, '0')
  // Arranged before the page signs in: an API sign-in ends the operator's other sessions.
  const operator = await api.asOperator()
  const contact = await operator.post<{ id: number }>('/contacts', {
    name,
    number: `55119${mobile}`,
    email: `contato.estreito.${uniqueId()}@exemplo.com.br`,
  })
  await operator.post('/tags/sync', {
    contactId: contact.id,
    tags: [{ name: `Etiqueta longa ${uniqueId()}` }],
  })

  await page.setViewportSize(NARROW)
  await signIn(page, E2E_OPERATOR.email, E2E_OPERATOR.password)
  await expect(page).toHaveURL(route('/tickets'))
  await page.goto('/#/contacts')
  await page.getByRole('searchbox', { name: 'Pesquisar contatos' }).fill(name)

  const table = page.getByRole('table', { name: 'Contatos' })
  const row = table.getByRole('row').filter({ hasText: name })
  const edit = row.getByRole('button', { name: `Editar ${name}` })
  await expect(edit).toBeVisible()
  await expect(row).toContainText(`+55 11 9${mobile.slice(0, 4)}-${mobile.slice(4)}`)

  const box = await edit.boundingBox()
  if (!box) throw new Error('the edit action has no box')
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(NARROW.width)
  const { scrollWidth, clientWidth, tableScroll, tableClient } = await table.evaluate(
    (element) => ({
      scrollWidth: element.ownerDocument.documentElement.scrollWidth,
      clientWidth: element.ownerDocument.documentElement.clientWidth,
      tableScroll: element.parentElement!.scrollWidth,
      tableClient: element.parentElement!.clientWidth,
    }),
  )
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
  // Nor does the table's own scroller hide anything to the right.
  expect(tableScroll).toBeLessThanOrEqual(tableClient)
})
