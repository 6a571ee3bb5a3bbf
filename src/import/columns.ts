import { fold } from '../shared/index.js';

export type ImportKind = 'doctors' | 'hospitals' | 'shifts';

/** Header names each field answers to, folded (no case, no accents, letters and digits only). */
const NAMES: Record<ImportKind, Record<string, string[]>> = {
  doctors: {
    name: ['nome', 'name', 'nomecompleto', 'medico', 'doctor'],
    phone: ['telefone', 'celular', 'phone', 'whatsapp', 'fone', 'mobile', 'tel'],
    crm: ['crm'],
    uf: ['uf', 'crmuf', 'ufcrm', 'estado', 'state'],
    specialty: ['especialidade', 'specialty', 'speciality'],
    city: ['cidade', 'city', 'municipio'],
    region: ['regiao', 'region', 'zona'],
    email: ['email', 'mail'],
    status: ['cadastro', 'status', 'registration', 'situacaocadastral', 'situacao'],
  },
  hospitals: {
    name: ['nome', 'name', 'hospital'],
    address: ['endereco', 'address', 'logradouro'],
    neighborhood: ['bairro', 'neighborhood', 'district'],
    city: ['cidade', 'city', 'municipio'],
    state: ['uf', 'estado', 'state'],
    region: ['regiao', 'region', 'zona'],
    notes: ['observacoes', 'observacao', 'obs', 'notes', 'notas'],
  },
  shifts: {
    ref: ['id', 'codigo', 'ref', 'referencia', 'reference'],
    hospital: ['hospital', 'unidade'],
    specialty: ['especialidade', 'specialty', 'speciality'],
    start: ['inicio', 'start', 'datainicio', 'datahora', 'data'],
    end: ['fim', 'end', 'termino', 'datafim'],
    duration: ['duracao', 'duration', 'horas', 'hours'],
    value: ['valor', 'value', 'preco', 'price'],
    notes: ['observacoes', 'observacao', 'obs', 'notes', 'notas'],
  },
};

/** Fields a file must have, per kind. */
const REQUIRED: Record<ImportKind, string[][]> = {
  doctors: [['phone']],
  hospitals: [['name'], ['address'], ['city']],
  shifts: [['hospital'], ['specialty'], ['start'], ['end', 'duration'], ['value']],
};

const key = (header: string) => fold(header).replace(/[^a-z0-9]/g, '');

export type ColumnMap = Record<string, number>;

/** Header cells → field index. Unknown columns are ignored and listed; a missing required one is an error. */
export function mapColumns(kind: ImportKind, header: string[]): { columns: ColumnMap; ignored: string[]; missing: string[] } {
  const columns: ColumnMap = {};
  const ignored: string[] = [];
  header.forEach((cell, i) => {
    const k = key(cell);
    const field = Object.entries(NAMES[kind]).find(([, names]) => names.includes(k))?.[0];
    if (field && columns[field] === undefined) columns[field] = i;
    else if (cell.trim()) ignored.push(cell.trim());
  });
  const missing = REQUIRED[kind].filter((alts) => !alts.some((f) => columns[f] !== undefined)).map((alts) => alts.map((f) => NAMES[kind][f]![0]).join(' ou '));
  return { columns, ignored, missing };
}

/** The record's value for a field, trimmed; undefined when absent or blank. */
export function cell(fields: string[], columns: ColumnMap, field: string): string | undefined {
  const i = columns[field];
  if (i === undefined) return undefined;
  const v = fields[i]?.trim();
  return v ? v : undefined;
}
