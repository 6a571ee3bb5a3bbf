import { z } from 'zod';
import type { LlmTool } from '../integrations/anthropic/index.js';
import type { AdminTool } from './admin-tool.js';

/**
 * The manager tools by name. Capabilities add theirs (the groups review tools
 * arrive this way) through `add`, so the admin agent never lists them by hand.
 */
export class ToolRegistry {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly tools = new Map<string, AdminTool<any>>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  add(...tools: AdminTool<any>[]): this {
    for (const t of tools) {
      if (this.tools.has(t.name)) throw new Error(`slack tool ${t.name} registered twice`);
      this.tools.set(t.name, t);
    }
    return this;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get(name: string): AdminTool<any> | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  forModel(): LlmTool[] {
    return [...this.tools.values()].map((t) => {
      const { $schema: _ignored, ...schema } = z.toJSONSchema(t.input, { io: 'input' }) as Record<string, unknown>;
      const note = t.write ? ' (Escrita: gera uma prévia com botão de confirmação; nada acontece antes do clique.)' : '';
      return { name: t.name, description: t.description + note, input_schema: { ...schema, type: 'object' } };
    });
  }
}
