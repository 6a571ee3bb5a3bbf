-- The specialty catalog every company starts with, so a fresh install can import doctors
-- and shifts (and group extraction can resolve its aliases, migration 0130) without the
-- demo seed. Same slugs and names as supabase/seed.sql; "do nothing" leaves a company's
-- own edits and existing installs as they are.
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
