import { handlerTable } from './job-handlers';
import { JOB_NAMES, JobName } from './job-registry';

const handler = (name: JobName, declaredAt = `Service.${name}`) => ({ name, declaredAt, run: async () => undefined });

describe('handlerTable', () => {
  it('maps every job of the registry to its one handler', () => {
    const { table, problems } = handlerTable(JOB_NAMES.map((name) => handler(name)));
    expect(problems).toEqual([]);
    expect([...table.keys()].sort()).toEqual([...JOB_NAMES].sort());
  });

  it('refuses a job declared twice, naming both places', () => {
    const found = [...JOB_NAMES.map((name) => handler(name)), handler(JobName.CoachChat, 'Other.reply')];
    expect(handlerTable(found).problems).toEqual([
      `job coach.chat has two handlers: Service.coach.chat and Other.reply`,
    ]);
  });

  it('refuses a job of the registry that nobody handles', () => {
    const found = JOB_NAMES.filter((name) => name !== JobName.UploadsSweep).map((name) => handler(name));
    expect(handlerTable(found).problems).toEqual(['job uploads.sweep has no handler (declare one with @OnJob)']);
  });
});
