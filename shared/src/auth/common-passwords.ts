/**
 * Passwords that appear at the top of public leak lists (global and Brazilian).
 * Refused at sign-up, reset and change: they are the first ones an attacker tries.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345', '123123', '654321', '111111',
  '000000', '121212', '112233', '123321', '666666', '777777', '888888', '999999', '222222', '333333',
  '444444', '555555', '696969', '123654', '159753', '147258', '147258369', '159357', '246810',
  '102030', '10203040', '1020304050', '123mudar', 'mudar123', 'senha', 'senha1', 'senha12',
  'senha123', 'senha1234', 'senha@123', 'minhasenha', 'password', 'password1', 'password123',
  'passw0rd', 'p@ssw0rd', 'qwerty', 'qwerty123', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbnm',
  'abc123', 'abcdef', 'abcd1234', 'a1b2c3', 'iloveyou', 'teamo', 'teamo123', 'amor123', 'brasil',
  'brasil123', 'flamengo', 'corinthians', 'palmeiras', 'saopaulo', 'vasco', 'gremio', 'santos',
  'cruzeiro', 'internacional', 'botafogo', 'fluminense', 'admin', 'admin123', 'administrador',
  'root', 'master', 'dragon', 'monkey', 'letmein', 'welcome', 'football', 'futebol', 'baseball',
  'sunshine', 'princess', 'shadow', 'superman', 'batman', 'jesus', 'jesus123', 'deusefiel',
  'familia', 'vizinhanca', 'condominio', 'mudar', 'trocar', 'trocar123', 'gabriel', 'lucas',
  'mateus', 'daniel', 'rafael', 'bruno', 'juliana', 'fernanda', 'amanda', 'beatriz', 'mariana',
  'michael', 'jessica', 'charlie', 'aaaaaa', 'abcabc', 'qazwsx', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t',
  'q1w2e3r4', 'zaq12wsx', 'changeme', 'secret', 'trustno1', '000000000', '11111111', '12341234',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
