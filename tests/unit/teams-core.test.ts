import { describe, expect, it } from 'vitest';
import { isTeamRole, seatsLeft, teamAcceptUrl, teamInvitationMail, teamNameProblem, TEAM_TEXTS } from '@/shared/core/teams.ts';

describe('teams core', () => {
  it('counts the seats left for invitations: 5 people, the owner included', () => {
    expect(seatsLeft(0, 0)).toBe(4);
    expect(seatsLeft(2, 1)).toBe(1);
    expect(seatsLeft(3, 1)).toBe(0);
    expect(seatsLeft(4, 3)).toBe(0);
  });

  it('checks names and roles', () => {
    expect(teamNameProblem('  ')).toBe(TEAM_TEXTS.invalidName);
    expect(teamNameProblem('x'.repeat(101))).toBe(TEAM_TEXTS.invalidName);
    expect(teamNameProblem(' Launch crew ')).toBeNull();
    expect(isTeamRole('editor')).toBe(true);
    expect(isTeamRole('view_only')).toBe(true);
    expect(isTeamRole('admin')).toBe(false);
  });

  it('puts the token in the fragment and escapes the mail', () => {
    const link = teamAcceptUrl('https://app.example.com/', 'a+b/c');
    expect(link).toBe('https://app.example.com/team/accept#token=a%2Bb%2Fc');
    const mail = teamInvitationMail({ ownerEmail: 'o@example.com', teamName: '<Crew>', role: 'view_only', link });
    expect(mail.subject).toBe('o@example.com invited you to the team “<Crew>”');
    expect(mail.html).toContain('&lt;Crew&gt;');
    expect(mail.html).not.toContain('<Crew>');
    expect(mail.text).toContain('as view only');
    expect(mail.text).toContain(link);
  });
});
