-- Demo data for a laptop or a demo. Idempotent: fixed keys and "on conflict do nothing".
-- Hospital names are fictional; addresses are real-looking São Paulo streets.

insert into specialties (slug, name) values
  ('clinica-medica', 'Clínica Médica'),
  ('pediatria', 'Pediatria'),
  ('ortopedia', 'Ortopedia'),
  ('cirurgia-geral', 'Cirurgia Geral'),
  ('ginecologia-obstetricia', 'Ginecologia e Obstetrícia'),
  ('anestesiologia', 'Anestesiologia'),
  ('medicina-intensiva', 'Medicina Intensiva'),
  ('emergencia', 'Medicina de Emergência')
on conflict (slug) do nothing;

insert into hospitals (slug, name, address, neighborhood, city, region, notes) values
  ('santa-clara-tatuape', 'Hospital Santa Clara', 'Rua Tuiuti, 1850', 'Tatuapé', 'São Paulo', 'zona leste', 'Estacionamento conveniado na Rua Itapura.'),
  ('vila-mariana-saude', 'Hospital Vila Mariana Saúde', 'Rua Domingos de Morais, 2200', 'Vila Mariana', 'São Paulo', 'zona sul', 'Entrada dos plantonistas pela Rua Sena Madureira.'),
  ('sao-lucas-santana', 'Hospital São Lucas de Santana', 'Avenida Cruzeiro do Sul, 3100', 'Santana', 'São Paulo', 'zona norte', 'A duas quadras do metrô Santana.'),
  ('pinheiros-day', 'Hospital Dia Pinheiros', 'Rua Teodoro Sampaio, 1500', 'Pinheiros', 'São Paulo', 'zona oeste', null),
  ('nossa-senhora-mooca', 'Hospital Nossa Senhora da Mooca', 'Rua da Mooca, 2700', 'Mooca', 'São Paulo', 'zona leste', null),
  ('santo-andre-central', 'Hospital Central de Santo André', 'Avenida Industrial, 900', 'Centro', 'Santo André', 'abc', 'Pronto-socorro com alto volume à noite.'),
  ('sao-bernardo-vida', 'Hospital Vida São Bernardo', 'Avenida Kennedy, 1200', 'Jardim do Mar', 'São Bernardo do Campo', 'abc', null),
  ('guarulhos-bom-jesus', 'Hospital Bom Jesus de Guarulhos', 'Avenida Paulo Faccini, 1400', 'Macedo', 'Guarulhos', 'grande sp', null),
  ('osasco-esperanca', 'Hospital Esperança de Osasco', 'Avenida dos Autonomistas, 4300', 'Vila Yara', 'Osasco', 'grande sp', null),
  ('campo-belo-materno', 'Maternidade Campo Belo', 'Avenida Vereador José Diniz, 3500', 'Campo Belo', 'São Paulo', 'zona sul', 'Maternidade de referência; plantões de GO e pediatria neonatal.')
on conflict (slug) do nothing;

-- About 60 open shifts over the next 30 days. Start times are São Paulo wall
-- clock (07:00 for day shifts, 19:00 for nights), stored in UTC.
with plan as (
  select n,
         (array['santa-clara-tatuape','vila-mariana-saude','sao-lucas-santana','pinheiros-day','nossa-senhora-mooca',
                'santo-andre-central','sao-bernardo-vida','guarulhos-bom-jesus','osasco-esperanca','campo-belo-materno'])[1 + (n * 7) % 10] as hospital_slug,
         (array['clinica-medica','pediatria','ortopedia','cirurgia-geral','ginecologia-obstetricia',
                'anestesiologia','medicina-intensiva','emergencia'])[1 + (n * 3) % 8] as specialty_slug,
         1 + (n * 11) % 30 as day_offset,
         case when n % 3 = 0 then 'noturno' else 'diurno' end as period,
         case when n % 5 = 0 then 24 else 12 end as hours
  from generate_series(1, 60) as n
)
insert into shifts (external_ref, hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents)
select 'seed-shift-' || lpad(p.n::text, 2, '0'),
       h.id,
       s.id,
       starts,
       starts + make_interval(hours => p.hours),
       p.period,
       p.hours,
       -- Nights and 24h shifts pay more; a little spread so filters mean something.
       (case when p.hours = 24 then 280000 else 140000 end
        + case when p.period = 'noturno' then 20000 else 0 end
        + (p.n % 4) * 10000)
from plan p
join hospitals h on h.slug = p.hospital_slug
join specialties s on s.slug = p.specialty_slug
cross join lateral (
  select ((date_trunc('day', now() at time zone 'America/Sao_Paulo')
           + make_interval(days => p.day_offset, hours => case when p.period = 'noturno' then 19 else 7 end))
          at time zone 'America/Sao_Paulo') as starts
) t
on conflict (external_ref) do nothing;

insert into doctors (phone, name, crm, specialty_id, city, region, preferences, registration_status) values
  ('5511987650001', 'Dra. Camila Rocha', 'CRM-SP 182233', (select id from specialties where slug = 'clinica-medica'), 'São Paulo', 'zona leste',
   '{"periodo": "noturno", "regioes": ["zona leste", "abc"], "valor_minimo": 150000}', 'aprovado'),
  ('5511987650002', 'Dr. Rafael Nogueira', 'CRM-SP 171045', (select id from specialties where slug = 'pediatria'), 'Santo André', 'abc',
   '{"periodo": "diurno", "dias_semana": ["sab", "dom"]}', 'aprovado'),
  ('5511987650003', 'Dr. Thiago Almeida', 'CRM-SP 199870', (select id from specialties where slug = 'emergencia'), 'São Paulo', 'zona sul',
   '{"duracao": 24, "observacao": "prefere pronto-socorro"}', 'aprovado'),
  ('5511987650004', 'Dra. Juliana Prado', 'CRM-SP 165512', (select id from specialties where slug = 'ginecologia-obstetricia'), 'São Paulo', 'zona sul',
   '{"hospitais_preferidos": ["campo-belo-materno"]}', 'aprovado')
on conflict (phone) do nothing;

insert into doctor_state (doctor_id)
select id from doctors
on conflict (doctor_id) do nothing;

-- Short names the demo hospitals go by in WhatsApp groups (0130_groups.sql).
insert into hospital_aliases (alias, hospital_id, created_by)
select a.alias, h.id, 'seed' from (values
  ('hsc', 'santa-clara-tatuape'), ('hvm', 'vila-mariana-saude'), ('hcsa', 'santo-andre-central'),
  ('vida sbc', 'sao-bernardo-vida'), ('sbc vida', 'sao-bernardo-vida')
) as a(alias, slug) join hospitals h on h.slug = a.slug
on conflict (alias) do nothing;
