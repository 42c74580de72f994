import { expect, greeting, route, signIn, test, toast, uniqueId } from './fixtures'

// 000 §4 Session: when the auth real-time event names the current user, 'Sua conta foi acessada
// em outro computador.' is shown, local storage is cleared and the page reloads after 1 second.

test('signing in on a second computer signs the first one out', async ({ browser, api }) => {
  const operator = await api.asOperator()
  const company = operator.user.company?.name ?? ''
  const user = await operator.createUser({ name: `Caio ${uniqueId()}` })

  const first = await browser.newContext()
  const second = await browser.newContext()
  try {
    const firstPage = await first.newPage()
    await signIn(firstPage, user.email, user.password)
    await expect(firstPage).toHaveURL(route('/tickets'))
    await expect(firstPage.getByRole('banner')).toContainText(greeting(user.name, company))
    // A preference of this computer, to see the local storage cleared.
    await firstPage.getByRole('button', { name: 'Modo escuro' }).click()
    await expect(firstPage.getByRole('button', { name: 'Modo claro' })).toBeVisible()

    // The notice lives about a second before the reload: watch for it before it can appear.
    const kickedOut = toast(firstPage, 'Sua conta foi acessada em outro computador.')
    const noticeSeen = kickedOut.waitFor({ state: 'visible', timeout: 15_000 })
    const reloaded = firstPage.waitForEvent('load', { timeout: 15_000 })

    const secondPage = await second.newPage()
    await signIn(secondPage, user.email, user.password)
    await expect(secondPage).toHaveURL(route('/tickets'))

    await noticeSeen
    await reloaded
    await expect(firstPage).toHaveURL(route('/login'))
    await expect(firstPage.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
    await expect(firstPage.getByRole('banner')).toHaveCount(0)
    // The local storage was cleared: the theme chosen on that computer is forgotten.
    const { origins } = await first.storageState()
    const stored = origins.flatMap((origin) => origin.localStorage)
    expect(stored.find((entry) => entry.name === 'preferredTheme')).toBeUndefined()

    // The second computer keeps its session, across a reload too.
    await expect(secondPage.getByRole('banner')).toContainText(greeting(user.name, company))
    await secondPage.reload()
    await expect(secondPage).toHaveURL(route('/tickets'))
    await expect(secondPage.getByRole('banner')).toContainText(greeting(user.name, company))
    await expect(kickedOut).toHaveCount(0)
    await expect(toast(secondPage, 'Sua conta foi acessada em outro computador.')).toHaveCount(0)
  } finally {
    await first.close()
    await second.close()
  }
})
