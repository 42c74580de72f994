import { makeStaticStyles } from '@fluentui/react-components'

export const useGlobalStyles = makeStaticStyles({
  body: { margin: 0 },
  // Sized here, not through FluentProvider's className: Fluent copies that class onto portal
  // mount nodes, which would then fill the window below the app.
  '#root, #root > .fui-FluentProvider': { minHeight: '100vh' },
})
