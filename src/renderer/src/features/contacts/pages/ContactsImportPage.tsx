import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  Option,
  ProgressBar,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import {
  ArrowLeftRegular,
  CheckmarkCircleRegular,
  DocumentArrowUpRegular,
  ErrorCircleRegular,
  PhoneRegular,
} from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import {
  CONTACT_UPLOAD_EXTENSIONS,
  type ImportJobDetailDto,
  type ImportRowResult,
  type UploadPreviewDto,
} from '@shared/contracts/contacts'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { PageHeader } from '@renderer/components/PageHeader'
import { errorCodeOf } from '@renderer/lib/http'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { isAxiosError } from 'axios'
import { previewSpreadsheet } from '../api'
import {
  assignColumn,
  guessMapping,
  IMPORT_FIELDS,
  mappingProblem,
  mapRows,
  sheetRowNumber,
  type ColumnMapping,
  type ImportField,
  type LeftOutRow,
  type MappingProblem,
} from '../import/mapping'
import { usePhoneImportSource } from '../import/usePhoneImportSource'
import { useStartPhoneImportMutation, useStartRowsImportMutation } from '../mutations'
import { contactQueries } from '../queries'
import { useContactsRealtime } from '../realtime'
import { useContactsImportPageStyles } from './ContactsImportPage.styles'

/** Rows drawn in the preview; selection and import cover every row of the file. */
const PREVIEW_ROWS = 200
const JOB_POLL_MS = 1000
const ACCEPT = CONTACT_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',')
const NONE = ''

const problemKey: Record<MappingProblem['kind'], string> = {
  missingNumber: 'import.problems.missingNumber',
  missingName: 'import.problems.missingName',
  noRowSelected: 'import.problems.noRowSelected',
}

const hasAcceptedExtension = (name: string) =>
  (CONTACT_UPLOAD_EXTENSIONS as readonly string[]).includes(
    name.split('.').pop()?.toLowerCase() ?? '',
  )

interface Sheet extends UploadPreviewDto {
  fileName: string
}

/** What a sheet import sent: the sheet row of each sent row, and the rows left out before. */
interface SentRows {
  sheetRows: number[]
  leftOut: LeftOutRow[]
}

/**
 * /contacts/import (000 §2, §5 Contact import): choose a spreadsheet, map its columns (each
 * once; number and name required), select rows, confirm, watch the job and read its summary.
 * The file is read on the server, so numbers stay text; the mapped rows go back as one job.
 */
export const ContactsImportPage = () => {
  const { t } = useTranslation('contacts')
  const styles = useContactsImportPageStyles()
  const navigate = useNavigate()
  const inputRef = useRef<HTMLInputElement>(null)
  const [reading, setReading] = useState(false)
  const [sheet, setSheet] = useState<Sheet | null>(null)
  const [mapping, setMapping] = useState<ColumnMapping>({})
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [validate, setValidate] = useState(false)
  const [jobId, setJobId] = useState<number | null>(null)
  const [sent, setSent] = useState<SentRows | null>(null)
  const [confirmPhone, setConfirmPhone] = useState(false)
  const rowsImport = useStartRowsImportMutation()
  const phoneImport = useStartPhoneImportMutation()
  const phoneSource = usePhoneImportSource()
  useContactsRealtime()

  const job = useQuery({
    ...contactQueries.importJob(jobId ?? 0),
    enabled: jobId !== null,
    // Events carry progress to the user who started the job; polling covers a missed one.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? JOB_POLL_MS : false),
  })

  const fieldLabel = (field: ImportField) => t(`import.fields.${field}`)

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!hasAcceptedExtension(file.name)) {
      notifyError(t('import.invalidFile'))
      return
    }
    setReading(true)
    try {
      const preview = await previewSpreadsheet(file)
      if (preview.rows.length === 0) {
        notifyError(t('import.invalidFile'))
        return
      }
      setSheet({ ...preview, fileName: file.name })
      setMapping(guessMapping(preview.headers))
      setSelected(new Set(preview.rows.map((_row, index) => index)))
      setJobId(null)
    } catch (error) {
      const code = isAxiosError(error) ? errorCodeOf(error.response?.data) : undefined
      notifyError(code === 'ERR_INVALID_FILE' ? t('import.invalidFile') : error)
    } finally {
      setReading(false)
    }
  }

  const handleMap = (column: number, value: string) => {
    const field = IMPORT_FIELDS.find((candidate) => candidate === value) ?? null
    const result = assignColumn(mapping, column, field)
    if ('duplicate' in result) {
      notifyError(t('import.problems.duplicate', { field: fieldLabel(result.duplicate) }))
      return
    }
    setMapping(result.mapping)
  }

  const toggleRow = (index: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (checked) next.add(index)
      else next.delete(index)
      return next
    })

  const handleConfirm = () => {
    if (!sheet) return
    const problem = mappingProblem(mapping, selected)
    if (problem) {
      notifyError(t(problemKey[problem.kind]))
      return
    }
    const { contacts, sheetRows, leftOut } = mapRows(sheet.rows, mapping, selected)
    if (contacts.length === 0) {
      notifyError(t('import.problems.noRowSelected'))
      return
    }
    rowsImport.mutate(
      { rows: contacts, validate },
      {
        onSuccess: (started) => {
          setSent({ sheetRows, leftOut })
          setJobId(started.id)
        },
      },
    )
  }

  const handlePhoneImport = () => {
    if (!phoneSource) return
    phoneImport.mutate(phoneSource.id, {
      onSuccess: (started) => {
        setConfirmPhone(false)
        setSent(null)
        setSheet(null)
        setJobId(started.id)
        notifySuccess(t('toasts.phoneImportStarted'))
      },
      onError: () => setConfirmPhone(false),
    })
  }

  const allSelected = sheet !== null && selected.size === sheet.rows.length
  const someSelected = selected.size > 0 && !allSelected

  return (
    <section className={styles.root}>
      <PageHeader
        title={t('import.title')}
        actions={
          <>
            <Button icon={<ArrowLeftRegular />} onClick={() => void navigate('/contacts')}>
              {t('actions.back')}
            </Button>
            {phoneSource && (
              <Button icon={<PhoneRegular />} onClick={() => setConfirmPhone(true)}>
                {t('actions.importPhone')}
              </Button>
            )}
            <input
              ref={inputRef}
              type="file"
              accept={ACCEPT}
              className={styles.fileInput}
              aria-label={t('import.chooseFile')}
              data-testid="contacts-import-file"
              onChange={(event) => void handleFile(event)}
            />
            <BusyButton
              appearance={sheet ? 'secondary' : 'primary'}
              icon={<DocumentArrowUpRegular />}
              busy={reading}
              onClick={() => inputRef.current?.click()}
            >
              {t('import.chooseFile')}
            </BusyButton>
          </>
        }
      />
      {jobId !== null ? (
        <ImportProgress job={job.data} sent={sent} failed={job.isError} />
      ) : sheet ? (
        <div className={styles.mapping}>
          <Body1>
            {t('import.summary', {
              file: sheet.fileName,
              rows: t('import.rowCount', { count: sheet.rows.length }),
              selected: t('import.selectedCount', { count: selected.size }),
            })}
          </Body1>
          {sheet.truncated && <Caption1>{t('import.truncated')}</Caption1>}
          <div className={styles.tableScroller}>
            <Table size="small" aria-label={t('import.previewLabel')}>
              <TableHeader className={styles.header}>
                <TableRow>
                  <TableHeaderCell className={styles.checkCell}>
                    {t('import.sheetRow')}
                  </TableHeaderCell>
                  <TableHeaderCell className={styles.checkCell}>
                    <Checkbox
                      aria-label={t('import.selectAll')}
                      checked={allSelected ? true : someSelected ? 'mixed' : false}
                      onChange={(_event, data) =>
                        setSelected(
                          data.checked === true
                            ? new Set(sheet.rows.map((_row, index) => index))
                            : new Set(),
                        )
                      }
                    />
                  </TableHeaderCell>
                  {sheet.headers.map((header, column) => (
                    <TableHeaderCell key={column}>
                      <div className={styles.columnHead}>
                        <Caption1>{header || t('import.column', { number: column + 1 })}</Caption1>
                        <Dropdown
                          size="small"
                          aria-label={t('import.mapColumn', {
                            column: header || column + 1,
                          })}
                          value={
                            mapping[column] ? fieldLabel(mapping[column]) : t('import.fields.none')
                          }
                          selectedOptions={[mapping[column] ?? NONE]}
                          onOptionSelect={(_event, data) =>
                            handleMap(column, data.optionValue ?? NONE)
                          }
                        >
                          <Option value={NONE}>{t('import.fields.none')}</Option>
                          {IMPORT_FIELDS.map((field) => (
                            <Option key={field} value={field}>
                              {fieldLabel(field)}
                            </Option>
                          ))}
                        </Dropdown>
                      </div>
                    </TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {sheet.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                  <TableRow key={index}>
                    <TableCell className={styles.checkCell}>{sheetRowNumber(index)}</TableCell>
                    <TableCell className={styles.checkCell}>
                      <Checkbox
                        aria-label={t('import.selectRow', { number: sheetRowNumber(index) })}
                        checked={selected.has(index)}
                        onChange={(_event, data) => toggleRow(index, data.checked === true)}
                      />
                    </TableCell>
                    {row.map((cell, column) => (
                      <TableCell key={column}>{cell}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {sheet.rows.length > PREVIEW_ROWS && (
            <Caption1>{t('import.previewLimited', { shown: PREVIEW_ROWS })}</Caption1>
          )}
          <div className={styles.footer}>
            <Checkbox
              label={t('import.validate')}
              checked={validate}
              onChange={(_event, data) => setValidate(data.checked === true)}
            />
            <Button onClick={() => setSheet(null)}>{t('actions.cancel')}</Button>
            <BusyButton busy={rowsImport.isPending} onClick={handleConfirm}>
              {t('import.confirm')}
            </BusyButton>
          </div>
        </div>
      ) : (
        <div className={styles.intro}>
          <DocumentArrowUpRegular className={styles.introIcon} aria-hidden />
          <Subtitle2>{t('import.introTitle')}</Subtitle2>
          <Body1>{t('import.introText')}</Body1>
        </div>
      )}
      <ConfirmDialog
        open={confirmPhone}
        title={t('confirm.phoneTitle')}
        busy={phoneImport.isPending}
        onConfirm={handlePhoneImport}
        onCancel={() => setConfirmPhone(false)}
      >
        {t('confirm.phoneMessage')}
      </ConfirmDialog>
    </section>
  )
}

interface ImportProgressProps {
  job: ImportJobDetailDto | undefined
  /** A sheet import's rows; null for the phone's. */
  sent: SentRows | null
  failed: boolean
}

type SkippedRow = Pick<ImportRowResult, 'row' | 'name' | 'number' | 'reason'>

/**
 * Every skipped row, the ones left out before sending included, by the row number the user
 * sees: the sheet's for a sheet import (the server numbers the rows it was sent).
 */
const skippedRowsOf = (job: ImportJobDetailDto, sent: SentRows | null): SkippedRow[] => {
  const fromServer = job.results
    .filter((result) => result.status === 'skipped')
    .map((result) => ({ ...result, row: sent?.sheetRows[result.row - 1] ?? result.row }))
  return [...(sent?.leftOut ?? []), ...fromServer].sort((a, b) => a.row - b.row)
}

const ImportProgress = ({ job, sent, failed }: ImportProgressProps) => {
  const { t } = useTranslation('contacts')
  const styles = useContactsImportPageStyles()
  const navigate = useNavigate()
  if (!job) {
    return failed ? (
      <Body1>{t('import.jobLoadError')}</Body1>
    ) : (
      <Spinner label={t('import.starting')} />
    )
  }
  const skippedRows = skippedRowsOf(job, sent)
  const leftOut = sent?.leftOut.length ?? 0
  return (
    <div className={styles.progress} aria-live="polite">
      {job.status === 'running' ? (
        <Field
          label={t('import.progress', { processed: job.processed, total: job.total })}
          validationState="none"
        >
          <ProgressBar value={job.total === 0 ? undefined : job.processed / job.total} />
        </Field>
      ) : (
        <Subtitle2 className={styles.done}>
          {job.status === 'failed' ? (
            <ErrorCircleRegular aria-hidden />
          ) : (
            <CheckmarkCircleRegular aria-hidden />
          )}
          {job.status === 'failed'
            ? t('import.failed', { error: job.error ? t(`errors:${job.error}`) : '' })
            : t('import.done')}
        </Subtitle2>
      )}
      <div className={styles.counters}>
        <Body1>{t('import.result.created', { n: job.created })}</Body1>
        <Body1>{t('import.result.updated', { n: job.updated })}</Body1>
        <Body1>{t('import.result.skipped', { n: job.skipped + leftOut })}</Body1>
      </div>
      {leftOut > 0 && <Caption1>{t('import.result.skippedInFile', { count: leftOut })}</Caption1>}
      {sent && skippedRows.length > 0 && <Caption1>{t('import.result.sheetRows')}</Caption1>}
      {skippedRows.length > 0 && (
        <Table size="small" aria-label={t('import.result.skippedLabel')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('import.result.row')}</TableHeaderCell>
              <TableHeaderCell>{t('import.fields.name')}</TableHeaderCell>
              <TableHeaderCell>{t('import.fields.number')}</TableHeaderCell>
              <TableHeaderCell>{t('import.result.reason')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {skippedRows.map((result) => (
              <TableRow key={result.row}>
                <TableCell>{result.row}</TableCell>
                <TableCell>{result.name}</TableCell>
                <TableCell>{result.number}</TableCell>
                <TableCell>{t(`import.reasons.${result.reason ?? 'failed'}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {job.status !== 'running' && (
        <div>
          <Button appearance="primary" onClick={() => void navigate('/contacts')}>
            {t('import.seeContacts')}
          </Button>
        </div>
      )}
    </div>
  )
}
