import { Button, Spinner, type ButtonProps } from '@fluentui/react-components'

export type BusyButtonProps = ButtonProps & {
  /** The action is running: the button shows a spinner and refuses a second click. */
  busy: boolean
}

/** The primary action of a form or dialog, with its in-progress state. */
export const BusyButton = ({
  busy,
  disabled,
  appearance = 'primary',
  ...props
}: BusyButtonProps) => (
  <Button
    {...props}
    appearance={appearance}
    disabled={busy || disabled}
    icon={busy ? <Spinner size="tiny" /> : props.icon}
  />
)
