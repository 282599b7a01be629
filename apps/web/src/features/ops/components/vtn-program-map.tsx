import type { OpsOpenAdrVtn } from '@peakwise/contracts/openadr.contract';
import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { useMapVtnProgram } from '../api/use-ops-openadr';

type VtnProgram = OpsOpenAdrVtn['programs'][number];

/** One VTN program and the Peakwise program its events feed, changed in place. */
export function VtnProgramMap({ vtnId, program, programs }: { vtnId: string; program: VtnProgram; programs: OpsProgram[] }) {
  const { t } = useTranslation('ops');
  const [choice, setChoice] = useState(program.programId ?? '');
  const map = useMapVtnProgram();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    map.mutate({ vtnId, vtnProgramId: program.vtnProgramId, body: { programId: choice === '' ? null : choice } });
  };
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="py-3 pr-4 text-left font-medium text-slate-900">
        {program.vtnProgramName}
        <span className="block font-mono text-xs font-normal text-slate-600">{program.vtnProgramId}</span>
      </th>
      <td className="py-3">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t('openadr.programs.feeds', { name: program.vtnProgramName })}
            hideLabel
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            options={[{ value: '', label: t('openadr.programs.none') }, ...programs.map((p) => ({ value: p.id, label: p.name }))]}
            className="min-w-56"
          />
          <Button type="submit" variant="secondary" disabled={map.isPending || choice === (program.programId ?? '')} aria-label={t('openadr.programs.saveFor', { name: program.vtnProgramName })}>
            {t('openadr.programs.save')}
          </Button>
          <span role="status" className="text-sm text-slate-700">
            {map.isError ? t('openadr.programs.failed') : map.isSuccess ? t('openadr.programs.saved') : ''}
          </span>
        </form>
      </td>
    </tr>
  );
}
