// The card the pages before the console stand on (signing in, its second step, setting a password from a link):
// centred under the bar, an icon over the page's heading and, where there is one, a line saying what it is for.
import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';

export interface SignInCardProps {
  icon: ReactNode;
  title: ReactNode;
  /** a line under the heading */
  intro?: ReactNode;
  /** the card's width at most, in pixels */
  maxWidth: number;
  children: ReactNode;
}

export function SignInCard({ icon, title, intro, maxWidth, children }: SignInCardProps) {
  return (
    <Box sx={{ minHeight: 'calc(100vh - 64px)', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth, boxShadow: '0 12px 40px rgba(20, 24, 60, 0.08)', borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4.5 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>{icon}</Avatar>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {intro !== undefined && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                {intro}
              </Typography>
            )}
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
