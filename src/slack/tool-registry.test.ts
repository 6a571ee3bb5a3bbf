import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './admin-tool.js';
import { ToolRegistry } from './tool-registry.js';
import { CORE_TOOLS } from './tools/index.js';
import { parseBriefing } from './tools/briefing-parse.js';

describe('Slack tool registry', () => {
  it('holds every core tool once, lets another capability add its own, and refuses a duplicate name', () => {
    const registry = new ToolRegistry().add(...CORE_TOOLS);
    const review = defineTool({ name: 'revisar_vagas_grupo', description: 'x', input: z.object({}), write: false, run: async () => [] });
    registry.add(review);
    expect(registry.get('revisar_vagas_grupo')).toBe(review);
    expect(() => registry.add(review)).toThrow(/registered twice/);
    const model = registry.forModel();
    expect(model.map((t) => t.name)).toEqual(registry.names());
    // Writes tell the model they only propose; every schema is an object.
    expect(model.find((t) => t.name === 'pausar_julia')!.description).toMatch(/prévia com botão/);
    expect(model.every((t) => t.input_schema.type === 'object')).toBe(true);
    const writes = CORE_TOOLS.filter((t) => t.write);
    expect(writes.every((t) => typeof t.preview === 'function')).toBe(true);
  });

  it('reads a briefing by headings and bullets, and ignores loose prose', () => {
    const items = parseBriefing('Briefing\r\nPrioridades da semana\n- Noturnos de sábado\n1) Pediatria no ABC\nTexto solto sem marcador\nHospitais para empurrar\n• Santa Clara\nO que não dizer\n* Não prometer adiantamento\n');
    expect(items).toEqual([
      { kind: 'prioridade', text: 'Noturnos de sábado' },
      { kind: 'prioridade', text: 'Pediatria no ABC' },
      { kind: 'hospital', text: 'Santa Clara' },
      { kind: 'evitar', text: 'Não prometer adiantamento' },
    ]);
  });
});
